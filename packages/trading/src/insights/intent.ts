import type { InsightTopic } from './types';

/** The documented questions, in the order the help answer and the suggestion chips list them. */
export const INSIGHT_QUESTIONS: readonly { topic: InsightTopic; question: string }[] = [
  { topic: 'period', question: 'How did I do this week?' },
  { topic: 'period', question: 'How did I do last month?' },
  { topic: 'period', question: 'What is my overall win rate and P&L?' },
  { topic: 'setups', question: 'What are my best and worst setups?' },
  { topic: 'timeOfDay', question: 'What time of day do I trade best?' },
  { topic: 'weekday', question: 'Which weekday is my best and worst?' },
  { topic: 'emotions', question: 'Which emotions cost me money?' },
  { topic: 'mistakes', question: 'What are my most expensive mistakes?' },
  { topic: 'streaks', question: 'What is my current streak?' },
  { topic: 'charges', question: 'How much have I paid in charges?' },
  { topic: 'symbols', question: 'Which symbols make and lose me money?' },
  { topic: 'longShort', question: 'Am I better long or short?' },
  { topic: 'holdingTime', question: 'How does holding time affect my results?' },
  { topic: 'rMultiples', question: 'What are my R-multiples?' },
  { topic: 'help', question: 'What can you answer?' },
];

/**
 * Intent words per topic, English plus common Hinglish. A phrase scores its number of words, so "how long do I hold"
 * (holding: "how long" + "hold" = 3) beats the lone "long" of long vs short. A period ("this week", "pichle mahine")
 * is not a topic word: it narrows whatever else was asked, and is the topic when nothing else was (or when the
 * headline figures were asked for: win rate, P&L, drawdown).
 */
const KEYWORDS: Record<InsightTopic, readonly string[]> = {
  setups: ['setup', 'setups', 'playbook', 'playbooks', 'strategy', 'strategies'],
  timeOfDay: [
    'time of day',
    'what time',
    'hour',
    'hours',
    'morning',
    'afternoon',
    'opening',
    'closing',
    'samay',
    'waqt',
  ],
  weekday: [
    'weekday',
    'weekdays',
    'day of the week',
    'day of week',
    'which day',
    'monday',
    'tuesday',
    'wednesday',
    'thursday',
    'friday',
    'kaunsa din',
    'konsa din',
  ],
  emotions: [
    'emotion',
    'emotions',
    'feeling',
    'feelings',
    'mood',
    'fomo',
    'fear',
    'greed',
    'revenge',
    'bhavna',
    'jazbaat',
  ],
  mistakes: ['mistake', 'mistakes', 'error', 'errors', 'galti', 'galtiyan', 'galtiyaan'],
  streaks: ['streak', 'streaks', 'in a row', 'consecutive', 'lagatar'],
  charges: ['charge', 'charges', 'brokerage', 'fees', 'fee', 'stt', 'taxes', 'tax', 'gst', 'kharcha', 'costs'],
  symbols: ['symbol', 'symbols', 'stock', 'stocks', 'scrip', 'scrips', 'instrument', 'instruments', 'ticker'],
  longShort: ['long', 'short', 'longs', 'shorts', 'buy side', 'sell side', 'direction'],
  holdingTime: ['holding', 'hold', 'held', 'how long', 'duration', 'holding time'],
  rMultiples: ['r multiple', 'r multiples', 'rmultiple', 'rmultiples', 'risk reward', 'in r', 'average r', 'r'],
  // The headline figures of the whole journal (or of a period named with them).
  period: [
    'overall',
    'win rate',
    'winrate',
    'profit factor',
    'expectancy',
    'performance',
    'how am i doing',
    'p l',
    'pnl',
    'net profit',
    'drawdown',
    'summary',
  ],
  help: ['help', 'what can you', 'what can i ask', 'which questions', 'madad', 'kya puch'],
};

export type PeriodKind = 'today' | 'yesterday' | 'thisWeek' | 'lastWeek' | 'thisMonth' | 'lastMonth';

export interface Intent {
  topic: InsightTopic | 'unknown';
  /** A period named in the question ("this week", "pichle mahine"), which also narrows any other topic. */
  period: PeriodKind | null;
}

/** Lower case, hyphens and punctuation to spaces, single spaces, padded so phrases match on whole words. */
function normalise(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9\s]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
}

const has = (text: string, phrase: string) => text.includes(` ${phrase} `);

function periodOf(text: string): PeriodKind | null {
  if (has(text, 'today') || has(text, 'aaj')) return 'today';
  if (has(text, 'yesterday')) return 'yesterday';
  const last = ['last', 'previous', 'prev', 'pichle', 'pichhle', 'pichla', 'pichhla'].some((w) => has(text, w));
  if (['week', 'weekly', 'hafta', 'hafte'].some((w) => has(text, w))) return last ? 'lastWeek' : 'thisWeek';
  if (['month', 'monthly', 'mahina', 'mahine'].some((w) => has(text, w))) return last ? 'lastMonth' : 'thisMonth';
  return null;
}

/** The topic with the most intent words in the question (ties: the earlier topic in KEYWORDS), else its period. */
export function matchIntent(question: string): Intent {
  const text = normalise(question);
  const period = periodOf(text);
  let best: InsightTopic | 'unknown' = 'unknown';
  let bestScore = 0;
  for (const [topic, phrases] of Object.entries(KEYWORDS) as [InsightTopic, readonly string[]][]) {
    let score = 0;
    for (const phrase of phrases) if (has(text, phrase)) score += phrase.split(' ').length;
    if (score > bestScore) {
      best = topic;
      bestScore = score;
    }
  }
  return { topic: best === 'unknown' && period ? 'period' : best, period };
}
