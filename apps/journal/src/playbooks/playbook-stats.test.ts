import { describe, expect, it, vi } from 'vitest';
import type { JournalTrade, Playbook } from '../data/journal-data';
import { playbookSummaries, type RuleCheck } from './playbook-stats';

// journal-data's queries are not used here; keep the real client (and its config check) out of a unit test.
vi.mock('../data/supabase', () => ({ supabase: {} }));

const playbook = (id: string, rules: string[]): Playbook => ({
  id,
  name: id.toUpperCase(),
  description: null,
  rules: rules.map((r) => ({ id: r, text: `Rule ${r}` })),
  markets: [],
  timeframes: [],
  isArchived: false,
  createdAt: '2026-08-01T00:00:00Z',
});

let minute = 0;
function trade(id: string, playbookId: string | null, gross: number | null, charges = 0): JournalTrade {
  minute += 10;
  const entry = new Date(Date.UTC(2026, 7, 3, 4, minute)).toISOString();
  const exit = new Date(Date.UTC(2026, 7, 3, 4, minute + 5)).toISOString();
  const closed = gross !== null;
  return {
    id,
    playbookId,
    status: closed ? 'closed' : 'open',
    symbol: 'NIFTY',
    segment: 'futures',
    product: 'intraday',
    side: 'long',
    entryTime: entry,
    exitTime: closed ? exit : null,
    // IST days of the times, as the database generates them
    entryDate: new Date(Date.parse(entry) + 19_800_000).toISOString().slice(0, 10),
    exitDate: closed ? new Date(Date.parse(exit) + 19_800_000).toISOString().slice(0, 10) : null,
    grossPnl: gross,
    charges,
    netPnl: closed ? gross - charges : null,
    quantity: 65,
    entryPrice: 100,
    exitPrice: closed ? 101 : null,
    stopLoss: null,
    emotionsBefore: [],
    emotionsAfter: [],
    mistakes: [],
    tags: [],
  } as unknown as JournalTrade;
}

const check = (tradeId: string, ruleId: string, followed: boolean): RuleCheck => ({
  tradeId,
  playbookId: 'p1',
  ruleId,
  followed,
});

describe('playbookSummaries', () => {
  const trades = [
    trade('t1', 'p1', 1_040, 40), // +1,000
    trade('t2', 'p1', -470, 30), // −500
    trade('t3', 'p1', 300), // +300
    trade('t4', 'p1', null), // open
    trade('t5', 'p1', -200), // −200, no checklist ticked
    trade('t6', null, 5_000),
  ];
  const checks = [
    check('t1', 'r1', true),
    check('t1', 'r2', true),
    check('t2', 'r1', true),
    check('t2', 'r2', false),
    check('t3', 'r1', true),
    check('t3', 'r2', true),
    check('t4', 'r2', false),
  ];
  const [p1, p2] = playbookSummaries([playbook('p1', ['r1', 'r2']), playbook('p2', ['x'])], trades, checks);

  it('summarises the closed trades of each playbook, net of charges', () => {
    // Closed: +1,000, −500, +300, −200 → 2 of 4 won, net +600, profit factor 1,300 ÷ 700, expectancy 600 ÷ 4.
    expect(p1?.stats.trades).toBe(4);
    expect(p1?.stats.openTrades).toBe(1);
    expect(p1?.stats.winRate).toEqual({ value: 0.5, count: 2, n: 4 });
    expect(p1?.stats.netPnl).toEqual({ value: 600, n: 4 });
    expect(p1?.stats.profitFactor.value).toBeCloseTo(1_300 / 700, 10);
    expect(p1?.stats.expectancy.value).toBeCloseTo(150, 10);
  });

  it('measures adherence over every rule check and compares followed-all with broke-a-rule trades', () => {
    // 7 checks, 5 followed. t1 and t3 followed everything (+1,300); t2 broke a rule (−500); t4 is still open.
    expect(p1?.adherence.checks).toBe(7);
    expect(p1?.adherence.followed).toBe(5);
    expect(p1?.adherence.followedAll).toMatchObject({ trades: 2, netPnl: { value: 1_300, n: 2 } });
    expect(p1?.adherence.followedAll.winRate).toEqual({ value: 1, count: 2, n: 2 });
    expect(p1?.adherence.brokeARule).toMatchObject({ trades: 1, netPnl: { value: -500, n: 1 } });
    expect(p1?.adherence.brokeARule.winRate).toEqual({ value: 0, count: 0, n: 1 });
    expect(p1?.adherence.mostBroken).toEqual({ text: 'Rule r2', broken: 2, checks: 4 });
  });

  it('gives a playbook without trades empty figures, not zeros that look like results', () => {
    expect(p2?.stats.trades).toBe(0);
    expect(p2?.stats.winRate.value).toBeNull();
    expect(p2?.stats.netPnl.value).toBeNull();
    expect(p2?.adherence).toMatchObject({ checks: 0, followed: 0, mostBroken: null });
  });
});
