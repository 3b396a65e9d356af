import { istDate, parseTimestamp } from '../time/ist';
import type { TradeForStats } from './types';

/**
 * A trade with defaults for what a test does not care about; times are IST wall clock, written with +05:30. Its
 * entry and exit days are those of its times, as the database generates them.
 */
export function trade(
  over: Partial<Omit<TradeForStats, 'entryDate' | 'exitDate'>> & Pick<TradeForStats, 'id' | 'netPnl'>,
): TradeForStats {
  const entryTime = over.entryTime ?? '2026-11-02T09:20:00+05:30';
  const exitTime = over.exitTime ?? '2026-11-02T09:40:00+05:30';
  return {
    symbol: 'RELIANCE',
    segment: 'equity',
    product: 'intraday',
    side: 'long',
    entryTime,
    exitTime,
    entryDate: istDate(parseTimestamp(entryTime)),
    exitDate: istDate(parseTimestamp(exitTime)),
    grossPnl: over.netPnl,
    charges: 0,
    quantity: 1,
    entryPrice: 100,
    exitPrice: 100,
    emotionsBefore: [],
    emotionsAfter: [],
    mistakes: [],
    tags: [],
    ...over,
  };
}

/**
 * Seven trades in November 2026 (2 Nov is a Monday), worked by hand in the tests. Listed by id; by exit time the
 * order is T1 T2 T3 T4 T5 T7 T6 (T6 is a delivery trade held over a weekend), so callers must not rely on input order.
 * Their P&L counts on the exit day: T5's on Fri 06, T6's on Tue 10.
 *
 * | id | entry day  | entry → exit (IST)      | side  | symbol        | gross | chg | net   | entry/exit/stop   | R    |
 * | T1 | Mon 02     | 09:20 → 09:23           | long  | RELIANCE      | 1000  | 40  | 960   | 1000/1010/990     | 1.0  |
 * | T2 | Mon 02     | 10:05 → 10:25           | short | INFY          | −500  | 30  | −530  | 1500/1510/1505    | −2.0 |
 * | T3 | Tue 03     | 11:00 → 12:00           | long  | NIFTY26NOVFUT | −3250 | 50  | −3300 | 24000/23950/—     | —    |
 * | T4 | Tue 03     | 14:30 → 15:20           | long  | RELIANCE      | 3000  | 60  | 2940  | 1020/1050/1000    | 1.5  |
 * | T5 | Thu 05     | 09:15 → Fri 06 10:00    | short | BANKNIFTY…PE  | 1500  | 100 | 1400  | 300/250/320       | 2.5  |
 * | T6 | Fri 06     | 13:10 → Tue 10 11:00    | long  | TCS           | −100  | 20  | −120  | 4000/3990/—       | —    |
 * | T7 | Mon 09     | 09:30 → 09:30           | long  | SBIN          | 20    | 20  | 0     | 800/801/798       | 0.5  |
 */
export const JOURNAL: TradeForStats[] = [
  trade({
    id: 'T1',
    entryTime: '2026-11-02T09:20:00+05:30',
    exitTime: '2026-11-02T09:23:00+05:30',
    grossPnl: 1000,
    charges: 40,
    netPnl: 960,
    quantity: 100,
    entryPrice: 1000,
    exitPrice: 1010,
    stopLoss: 990,
    emotionsBefore: ['calm'],
    tags: ['breakout'],
  }),
  trade({
    id: 'T2',
    symbol: 'INFY',
    side: 'short',
    entryTime: '2026-11-02T10:05:00+05:30',
    exitTime: '2026-11-02T10:25:00+05:30',
    grossPnl: -500,
    charges: 30,
    netPnl: -530,
    quantity: 50,
    entryPrice: 1500,
    exitPrice: 1510,
    stopLoss: 1505,
    emotionsBefore: ['fomo'],
    mistakes: ['chased entry'],
    tags: ['breakout'],
  }),
  trade({
    id: 'T3',
    symbol: 'NIFTY26NOVFUT',
    segment: 'futures',
    entryTime: '2026-11-03T11:00:00+05:30',
    exitTime: '2026-11-03T12:00:00+05:30',
    grossPnl: -3250,
    charges: 50,
    netPnl: -3300,
    quantity: 65,
    entryPrice: 24000,
    exitPrice: 23950,
    emotionsBefore: ['fomo', 'anxious'],
    mistakes: ['no stop'],
  }),
  trade({
    id: 'T4',
    entryTime: '2026-11-03T14:30:00+05:30',
    exitTime: '2026-11-03T15:20:00+05:30',
    grossPnl: 3000,
    charges: 60,
    netPnl: 2940,
    quantity: 100,
    entryPrice: 1020,
    exitPrice: 1050,
    stopLoss: 1000,
    emotionsBefore: ['calm'],
    tags: ['breakout', 'trend'],
  }),
  trade({
    id: 'T5',
    symbol: 'BANKNIFTY26NOV52000PE',
    segment: 'options',
    product: 'carry_forward',
    side: 'short',
    entryTime: '2026-11-05T09:15:00+05:30',
    exitTime: '2026-11-06T10:00:00+05:30',
    grossPnl: 1500,
    charges: 100,
    netPnl: 1400,
    quantity: 30,
    entryPrice: 300,
    exitPrice: 250,
    stopLoss: 320,
    playbookId: 'pb-orb',
  }),
  trade({
    id: 'T6',
    symbol: 'TCS',
    product: 'delivery',
    entryTime: '2026-11-06T13:10:00+05:30',
    exitTime: '2026-11-10T11:00:00+05:30',
    grossPnl: -100,
    charges: 20,
    netPnl: -120,
    quantity: 10,
    entryPrice: 4000,
    exitPrice: 3990,
  }),
  trade({
    id: 'T7',
    symbol: 'SBIN',
    entryTime: '2026-11-09T09:30:00+05:30',
    exitTime: '2026-11-09T09:30:00+05:30',
    grossPnl: 20,
    charges: 20,
    netPnl: 0,
    quantity: 20,
    entryPrice: 800,
    exitPrice: 801,
    stopLoss: 798,
  }),
];
