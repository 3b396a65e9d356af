import { afterEach, describe, expect, it } from 'vitest';
import { parseTimestamp } from '../time/ist';
import { groupBy, groupByAll, holdingTimeBucket, timeOfDayBucket } from './group-by';
import { JOURNAL, trade } from './journal.fixture';

const rows = (dimension: Parameters<typeof groupBy>[1]) =>
  groupBy(JOURNAL, dimension).map((g) => [g.key, g.summary.trades, g.summary.netPnl.value]);

describe('groupBy: the seven-trade journal', () => {
  it('time of day from the IST entry time, 09:15 opening its bucket', () => {
    // T1 09:20, T5 09:15, T7 09:30 → 960 + 1400 + 0; T2 10:05; T3 11:00; T6 13:10; T4 14:30
    expect(rows('timeOfDay')).toEqual([
      ['09:15–10:00', 3, 2360],
      ['10:00–11:00', 1, -530],
      ['11:00–12:00', 1, -3300],
      ['13:00–14:00', 1, -120],
      ['14:00–15:00', 1, 2940],
    ]);
    const first = groupBy(JOURNAL, 'timeOfDay')[0]!.summary;
    expect(first.winRate).toEqual({ value: 2 / 3, count: 2, n: 3 });
  });

  it('weekday of the IST exit day (the P&L day), Monday first', () => {
    // Mon: T1 T2 T7 = 430; Tue: T3 T4 and T6 (entered Fri 6, closed Tue 10) = −480; Fri: T5 (entered Thu 5)
    expect(rows('weekday')).toEqual([
      ['Mon', 3, 430],
      ['Tue', 3, -480],
      ['Fri', 1, 1400],
    ]);
  });

  it('holding time', () => {
    // T1 3 min + T7 0 min; T2 20 min; T3 60 + T4 50 min; T5 Thu → Fri; T6 Fri → Tue
    expect(rows('holdingTime')).toEqual([
      ['< 5 min', 2, 960],
      ['5–30 min', 1, -530],
      ['30 min–2 h', 2, -360],
      ['overnight', 1, 1400],
      ['multi-day', 1, -120],
    ]);
  });

  it('long vs short, segment, product, playbook', () => {
    // long T1 T3 T4 T6 T7 = 960 − 3300 + 2940 − 120 + 0 = 480; short T2 T5 = 870
    expect(rows('side')).toEqual([
      ['long', 5, 480],
      ['short', 2, 870],
    ]);
    // equity T1 T2 T4 T6 T7 = 960 − 530 + 2940 − 120 = 3250
    expect(rows('segment')).toEqual([
      ['equity', 5, 3250],
      ['futures', 1, -3300],
      ['options', 1, 1400],
    ]);
    expect(rows('product')).toEqual([
      ['intraday', 5, 70],
      ['delivery', 1, -120],
      ['carry_forward', 1, 1400],
    ]);
    expect(rows('playbook')).toEqual([
      ['pb-orb', 1, 1400],
      [null, 6, -50],
    ]);
  });

  it('symbols, most traded first', () => {
    expect(rows('symbol')).toEqual([
      ['RELIANCE', 2, 3900],
      ['BANKNIFTY26NOV52000PE', 1, 1400],
      ['INFY', 1, -530],
      ['NIFTY26NOVFUT', 1, -3300],
      ['SBIN', 1, 0],
      ['TCS', 1, -120],
    ]);
  });

  it('emotions, mistakes and tags: a trade counts in each of its labels, unlabelled trades under null', () => {
    // calm T1 T4; fomo T2 T3; anxious T3; none T5 T6 T7 = 1400 − 120 + 0
    expect(rows('emotionBefore')).toEqual([
      ['calm', 2, 3900],
      ['fomo', 2, -3830],
      ['anxious', 1, -3300],
      [null, 3, 1280],
    ]);
    // no mistake: T1 T4 T5 T6 T7 = 960 + 2940 + 1400 − 120 + 0 = 5180
    expect(rows('mistake')).toEqual([
      ['chased entry', 1, -530],
      ['no stop', 1, -3300],
      [null, 5, 5180],
    ]);
    // breakout T1 T2 T4 = 3370; trend T4; untagged T3 T5 T6 T7 = −3300 + 1400 − 120 + 0 = −2020
    expect(rows('tag')).toEqual([
      ['breakout', 3, 3370],
      ['trend', 1, 2940],
      [null, 4, -2020],
    ]);
  });

  it('each group carries the full summary; curves on request', () => {
    const [breakout] = groupBy(JOURNAL, 'tag');
    expect(breakout!.summary.profitFactor.value).toBe(3900 / 530);
    // long: T1 960 (2 Nov); T3 −3300 + T4 2940 (3 Nov); T7 0 (9 Nov); T6 −120 (10 Nov): closes 960, 600, 600, 480
    const [long] = groupBy(JOURNAL, 'side');
    expect(long!.summary.maxDrawdown).toEqual({
      value: 480,
      percentOfPeak: 0.5,
      peak: 960,
      peakDate: '2026-11-02',
      troughDate: '2026-11-10',
      n: 4,
    });
    expect(long!.summary.bestDay).toEqual({ date: '2026-11-02', value: 960, trades: 1, n: 4 });
    expect('equity' in breakout!.summary).toBe(false);
    const [withCurve] = groupBy(JOURNAL, 'tag', { curves: true });
    expect(withCurve!.summary.equity.byTrade.map((p) => p.equity)).toEqual([960, 430, 3370]);
  });

  it('a label repeated on one trade counts once', () => {
    const [g] = groupBy([trade({ id: 'a', netPnl: 5, tags: ['x', 'x'] })], 'tag');
    expect(g!.summary.trades).toBe(1);
  });

  it('groupByAll gives every dimension', () => {
    const all = groupByAll(JOURNAL);
    expect(all.tag).toEqual(groupBy(JOURNAL, 'tag'));
    expect(Object.keys(all)).toHaveLength(12);
  });

  it('no trades, no groups', () => {
    expect(groupBy([], 'symbol')).toEqual([]);
  });
});

describe('IST buckets do not depend on the machine’s time zone', () => {
  const saved = process.env.TZ;
  afterEach(() => {
    process.env.TZ = saved;
  });

  it.each(['America/Los_Angeles', 'Pacific/Kiritimati', 'UTC'])('TZ=%s', (tz) => {
    process.env.TZ = tz;
    // 19:00Z on 1 Nov is 00:30 IST on Monday 2 Nov; 03:45Z is 09:15 IST; 09:59:59Z is 15:29:59 IST
    expect(timeOfDayBucket(parseTimestamp('2026-11-01T19:00:00Z'))).toBe('before 09:15');
    expect(timeOfDayBucket(parseTimestamp('2026-11-02T03:45:00Z'))).toBe('09:15–10:00');
    expect(timeOfDayBucket(parseTimestamp('2026-11-02T03:44:59.999Z'))).toBe('before 09:15');
    expect(timeOfDayBucket(parseTimestamp('2026-11-02T15:29:59+05:30'))).toBe('15:00–15:30');
    expect(timeOfDayBucket(parseTimestamp('2026-11-02T10:00:00Z'))).toBe('after 15:30');
    const late = trade({
      id: 'late',
      netPnl: 1,
      entryTime: '2026-11-01T19:00:00Z',
      exitTime: '2026-11-01T19:30:00Z',
    });
    expect(groupBy([late], 'timeOfDay')[0]!.key).toBe('before 09:15');
    expect(groupBy([late], 'holdingTime')[0]!.key).toBe('30 min–2 h');
  });
});

describe('holdingTimeBucket', () => {
  const at = (iso: string) => parseTimestamp(iso);
  it('buckets by minutes within an IST day and by trading days beyond it', () => {
    expect(holdingTimeBucket(at('2026-11-02T09:20:00+05:30'), at('2026-11-02T09:24:59+05:30'))).toBe('< 5 min');
    expect(holdingTimeBucket(at('2026-11-02T09:20:00+05:30'), at('2026-11-02T09:25:00+05:30'))).toBe('5–30 min');
    expect(holdingTimeBucket(at('2026-11-02T09:20:00+05:30'), at('2026-11-02T11:20:00+05:30'))).toBe('intraday > 2 h');
    // 23:00 → 01:00 IST crosses midnight: overnight though only 2 h
    expect(holdingTimeBucket(at('2026-11-02T23:00:00+05:30'), at('2026-11-03T01:00:00+05:30'))).toBe('overnight');
    // Friday 6 → Monday 9 is the next trading day; Friday → Tuesday is not
    expect(holdingTimeBucket(at('2026-11-06T15:00:00+05:30'), at('2026-11-09T09:30:00+05:30'))).toBe('overnight');
    expect(holdingTimeBucket(at('2026-11-06T15:00:00+05:30'), at('2026-11-10T09:30:00+05:30'))).toBe('multi-day');
    expect(holdingTimeBucket(at('2026-11-02T15:00:00+05:30'), at('2026-11-04T09:30:00+05:30'))).toBe('multi-day');
  });
});
