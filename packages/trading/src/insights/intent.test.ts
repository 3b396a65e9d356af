import { describe, expect, it } from 'vitest';
import { INSIGHT_QUESTIONS, matchIntent } from './intent';

describe('matchIntent', () => {
  it('matches every documented question to its own topic', () => {
    for (const { topic, question } of INSIGHT_QUESTIONS) expect(matchIntent(question).topic, question).toBe(topic);
  });

  it.each([
    ['Which playbook loses me the most?', 'setups', null],
    ['how long do I hold my winners', 'holdingTime', null],
    ['Am I better long or short?', 'longShort', null],
    ['Which weekday is my best?', 'weekday', null],
    ['meri sabse badi galti kya hai', 'mistakes', null],
    ['brokerage kitna diya is mahine', 'charges', 'thisMonth'],
    ['pichle hafte kaisa raha', 'period', 'lastWeek'],
    ['How did I do last month?', 'period', 'lastMonth'],
    ['best symbols last week', 'symbols', 'lastWeek'],
    ['Does FOMO cost me money?', 'emotions', null],
    ['What is my average R-multiple?', 'rMultiples', null],
    ['how did I do today', 'period', 'today'],
    ["what's my win rate?", 'period', null],
    ['profit factor this month', 'period', 'thisMonth'],
    ['What is my max drawdown', 'period', null],
    ['Should I buy Reliance tomorrow?', 'unknown', null],
  ])('%s → %s', (question, topic, period) => {
    expect(matchIntent(question)).toEqual({ topic, period });
  });
});
