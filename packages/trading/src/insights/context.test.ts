import { describe, expect, it } from 'vitest';
import { JOURNAL, trade } from '../stats/journal.fixture';
import { modelContext } from './context';

const now = new Date('2026-11-10T12:00:00+05:30');

describe('modelContext', () => {
  it('sends the engine’s answer to a known question, with figures but no trade ids or links', () => {
    const context = modelContext('What is my current streak?', { trades: JOURNAL }, { now });
    expect(context.trades).toBe(7);
    expect(context.answers).toHaveLength(1);
    expect(context.answers[0]?.figures[0]).toEqual({ label: 'Current losing streak', value: 1, unit: 'count', n: 1 });
    const json = JSON.stringify(context);
    expect(json).not.toContain('T6');
    expect(json).not.toContain('link');
  });

  it('for anything else, the answers to every documented question but help (15 − 1), kept under 12,000 characters', () => {
    const context = modelContext('Am I overtrading after losses?', { trades: JOURNAL }, { now });
    expect(context.answers.map((a) => a.question)).toContain('Which emotions cost me money?');
    expect(context.answers).toHaveLength(14);
    // 300 symbols would make the symbol table huge: each answer keeps 8 rows and the whole stays capped.
    const many = Array.from({ length: 300 }, (_, i) => trade({ id: `s${i}`, symbol: `SYMBOL${i}`, netPnl: i }));
    const big = modelContext('tell me everything', { trades: many }, { now });
    expect(JSON.stringify(big).length).toBeLessThanOrEqual(12_000);
    expect(big.answers.every((a) => a.figures.length <= 8)).toBe(true);
  });
});
