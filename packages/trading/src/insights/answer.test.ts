import { describe, expect, it } from 'vitest';
import { JOURNAL, trade } from '../stats/journal.fixture';
import { answerQuestion } from './answer';

// The seven-trade journal of stats/journal.fixture.ts, worked by hand below. "Now" is Tue 10 Nov 2026, 12:00 IST.
const now = new Date('2026-11-10T12:00:00+05:30');
const journal = { trades: JOURNAL };
/** The fixture has 7 trades: a lower bar lets the ranking answers rank. */
const ask = (question: string, minGroup = 1) => answerQuestion(question, journal, { now, minSample: 5, minGroup });
const rows = (answer: ReturnType<typeof answerQuestion>) => answer.figures.map((f) => [f.label, f.value, f.n]);

describe('answerQuestion: setups', () => {
  // ORB 4 trades (+1000 +500 −200 +300 = +1600, 3 won), VWAP fade 4 (−400 −600 +100 −300 = −1200, 1 won),
  // Gap fill 1 (+5000), no playbook 2 (+50 −100 = −50): 11 trades, enough for the default bar of 10.
  const t = (id: string, netPnl: number, playbookId: string | null) => trade({ id, netPnl, playbookId });
  const setups = {
    trades: [
      t('a1', 1000, 'pb-orb'),
      t('a2', 500, 'pb-orb'),
      t('a3', -200, 'pb-orb'),
      t('a4', 300, 'pb-orb'),
      t('b1', -400, 'pb-vwap'),
      t('b2', -600, 'pb-vwap'),
      t('b3', 100, 'pb-vwap'),
      t('b4', -300, 'pb-vwap'),
      t('c1', 5000, 'pb-gap'),
      t('n1', 50, null),
      t('n2', -100, null),
    ],
    playbooks: [
      { id: 'pb-orb', name: 'ORB' },
      { id: 'pb-vwap', name: 'VWAP fade' },
      { id: 'pb-gap', name: 'Gap fill' },
    ],
  };

  it('names the best and worst playbook with 3 or more trades, and lists the rest', () => {
    const a = answerQuestion('What are my best and worst setups?', setups, { now });
    expect(a.topic).toBe('setups');
    expect(a.tooFew).toBe(false);
    expect(a.sample).toBe(11);
    expect(a.text).toBe(
      'Best setup: ORB, +₹1,600.00 over 4 trades (75% won). Worst: VWAP fade, −₹1,200.00 over 4 trades (25% won). ' +
        'Setups with fewer than 3 trades are listed but not ranked.',
    );
    expect(rows(a)).toEqual([
      ['Gap fill', 5000, 1],
      ['ORB', 1600, 4],
      ['No playbook', -50, 2],
      ['VWAP fade', -1200, 4],
    ]);
    expect(a.figures[1]?.link).toEqual({ kind: 'trades', filter: { playbookId: 'pb-orb' }, label: 'Trades' });
    expect(a.figures[2]?.link).toEqual({ kind: 'trades', filter: { playbookId: 'none' }, label: 'Trades' });
  });

  it('says the sample is too small below 10 trades and ranks nothing', () => {
    const a = answerQuestion('best setup?', journal, { now });
    expect(a.tooFew).toBe(true);
    expect(a.text).toBe(
      'Only 7 trades so far: I need at least 10 before calling any setup best or worst. The figures so far are below.',
    );
    // T5 is the only trade with a playbook (an id with no name given); the other six have none: 1350 − 1400 = −50.
    expect(rows(a)).toEqual([
      ['Deleted playbook', 1400, 1],
      ['No playbook', -50, 6],
    ]);
  });
});

describe('answerQuestion: groups of the seven-trade journal', () => {
  it('weekday of the exit day: Mon +430 (T1 T2 T7, 1 won) best, Tue −480 (T3 T4 T6, 1 won) worst; Fri too small', () => {
    const a = ask('Which weekday is my best and worst?', 2);
    expect(a.text).toBe(
      'Best weekday: Mon, +₹430.00 over 3 trades (33% won). Worst: Tue, −₹480.00 over 3 trades (33% won). ' +
        'Weekdays with fewer than 2 trades are listed but not ranked.',
    );
    // T5, entered Thursday, closed Friday; T6, entered Friday, closed Tuesday
    expect(rows(a)).toEqual([
      ['Mon', 430, 3],
      ['Tue', -480, 3],
      ['Fri', 1400, 1],
    ]);
  });

  it('time of day: only 09:15–10:00 (T1 T5 T7) has 2 trades', () => {
    expect(ask('What time of day do I trade best?', 2).text).toBe(
      'Only one time of day has 2 or more trades: 09:15–10:00, +₹2,360.00 over 3 trades (67% won).',
    );
    // With every bucket eligible: T4 at 14:30 (+2940) is best, T3 at 11:00 (−3300) worst.
    expect(ask('What time of day do I trade best?').text).toBe(
      'Best time of day: 14:00–15:00, +₹2,940.00 over 1 trade (100% won). Worst: 11:00–12:00, −₹3,300.00 over 1 trade (0% won).',
    );
  });

  it('symbols, sorted by net P&L, each linked to its trades', () => {
    const a = ask('Which symbols make and lose me money?');
    expect(rows(a)).toEqual([
      ['RELIANCE', 3900, 2],
      ['BANKNIFTY26NOV52000PE', 1400, 1],
      ['SBIN', 0, 1],
      ['TCS', -120, 1],
      ['INFY', -530, 1],
      ['NIFTY26NOVFUT', -3300, 1],
    ]);
    expect(a.text).toBe(
      'Best symbol: RELIANCE, +₹3,900.00 over 2 trades (100% won). Worst: NIFTY26NOVFUT, −₹3,300.00 over 1 trade (0% won).',
    );
    expect(a.figures[0]?.link).toEqual({ kind: 'trades', filter: { symbol: 'RELIANCE' }, label: 'RELIANCE' });
    expect(a.links).toEqual([{ kind: 'analytics', filter: {}, label: 'Open in analytics' }]);
  });

  it('long vs short: long T1 T3 T4 T6 T7 = +480 (2 of 5 won), short T2 T5 = +870 (1 of 2)', () => {
    const a = ask('Am I better long or short?', 2);
    expect(rows(a)).toEqual([
      ['Long', 480, 5],
      ['Short', 870, 2],
    ]);
    expect(a.text).toBe(
      'Best side: Short, +₹870.00 over 2 trades (50% won). Worst: Long, +₹480.00 over 5 trades (40% won).',
    );
  });

  it('holding time: < 5 min (T1 T7) +960 best, 30 min–2 h (T3 T4) −360 worst', () => {
    const a = ask('How does holding time affect my results?', 2);
    expect(rows(a)).toEqual([
      ['< 5 min', 960, 2],
      ['5–30 min', -530, 1],
      ['30 min–2 h', -360, 2],
      ['overnight', 1400, 1],
      ['multi-day', -120, 1],
    ]);
    expect(a.text.startsWith('Best holding time: < 5 min, +₹960.00 over 2 trades (50% won). Worst: 30 min–2 h')).toBe(
      true,
    );
  });
});

describe('answerQuestion: emotions and mistakes', () => {
  it('emotions before entry that lost money: fomo (T2 T3) −3830; 4 of 7 trades carry one, net +70', () => {
    const a = ask('Which emotions cost me money?', 2);
    expect(rows(a)).toEqual([
      ['fomo', -3830, 2],
      ['anxious', -3300, 1],
      ['calm', 3900, 2],
    ]);
    expect(a.text).toBe('fomo: −₹3,830.00 over 2 trades (0% won). 4 trades of 7 carry an emotion, net +₹70.00.');
  });

  it('mistakes, most expensive first, and what all trades with a mistake made', () => {
    const a = ask('What are my most expensive mistakes?');
    expect(a.text).toBe(
      'no stop: −₹3,300.00 over 1 trade (0% won); chased entry: −₹530.00 over 1 trade (0% won). 2 trades of 7 carry a mistake, net −₹3,830.00.',
    );
  });

  it('says so when nothing is logged', () => {
    const plain = { trades: [trade({ id: 'x', netPnl: 10 })] };
    expect(answerQuestion('which mistakes cost me', plain, { now }).text).toMatch(
      /^None of these trades has a mistake/,
    );
  });
});

describe('answerQuestion: streaks, charges and R', () => {
  it('current streak from the latest exit: T6 lost after the break-even T7, so a 1-trade losing streak', () => {
    const a = ask('What is my current streak?');
    expect(a.text).toBe(
      'You are on a 1-trade losing streak (last trade: TCS on 10 Nov). Longest winning streak: 2; longest losing streak: 2, ' +
        'in 7 trades by exit time. A break-even trade ends a streak.',
    );
    expect(a.figures[0]).toMatchObject({
      label: 'Current losing streak',
      value: 1,
      link: { kind: 'trade', tradeId: 'T6' },
    });
  });

  it('charges 320 on 7 trades: 19% of the +1,670 gross, ₹45.71 a trade (320 ÷ 7), by segment', () => {
    const a = ask('How much have I paid in charges?');
    expect(a.text).toBe(
      'You paid ₹320.00 in charges on 7 trades (₹45.71 a trade). That is 19% of your +₹1,670.00 gross P&L; net after charges +₹1,350.00.',
    );
    expect(rows(a).slice(5)).toEqual([
      ['Charges on equity', 170, 5],
      ['Charges on futures', 50, 1],
      ['Charges on options', 100, 1],
    ]);
  });

  it('charges on a journal that lost before charges have no share of gross P&L', () => {
    const losing = { trades: [trade({ id: 'l', netPnl: -120, grossPnl: -100, charges: 20 })] };
    const a = answerQuestion('brokerage?', losing, { now });
    expect(a.text).toBe(
      'You paid ₹20.00 in charges on 1 trade (₹20.00 a trade). Your trades made −₹100.00 before charges, so charges took the net to −₹120.00.',
    );
    expect(a.figures[3]).toMatchObject({ label: 'Charges as a share of gross P&L', value: null });
  });

  it('R-multiples of the 5 trades with a stop (1, −2, 1.5, 2.5, 0.5), flagged as too few', () => {
    const a = answerQuestion('What are my R-multiples?', journal, { now });
    expect(a.text).toBe(
      'Average 0.70R over 5 trades with a stop (total 3.50R); 4 of 5 (80%) made more than 0R. 2 trades without a usable stop are left out. ' +
        'That is fewer than 10 trades: too few to rely on.',
    );
    expect(a.tooFew).toBe(true);
    expect(rows(a).slice(3)).toEqual([
      ['−2R to −1R', 1, 5],
      ['0R to 1R', 1, 5],
      ['1R to 2R', 2, 5],
      ['2R to 3R', 1, 5],
    ]);
  });
});

describe('answerQuestion: periods', () => {
  it('last week (Mon 2 – Sun 8 Nov) holds the trades closed in it: T1–T5, not T6 (closed Tue 10 Nov)', () => {
    const a = answerQuestion('How did I do last week?', journal, { now });
    expect(a.period).toEqual({ label: 'last week (2 Nov – 8 Nov 2026)', from: '2026-11-02', to: '2026-11-08' });
    expect(a.sample).toBe(5);
    // 960 − 530 − 3,300 + 2,940 + 1,400 = 1,470 on 2, 3 and 6 Nov; won T1 T4 T5; charges 40 + 30 + 50 + 60 + 100
    expect(a.text).toBe(
      'Last week (2 Nov – 8 Nov 2026): +₹1,470.00 net over 5 trades on 3 days, 3 won (60%), charges ₹280.00. ' +
        'Biggest win RELIANCE +₹2,940.00. Biggest loss NIFTY26NOVFUT −₹3,300.00. With fewer than 10 trades the win rate says little yet.',
    );
    expect(a.figures.find((f) => f.label === 'Largest loss')?.link).toEqual({
      kind: 'trade',
      tradeId: 'T3',
      label: 'NIFTY26NOVFUT on 3 Nov',
    });
    expect(rows(a).slice(-2)).toEqual([
      ['Best day (6 Nov)', 1400, 1],
      ['Worst day (3 Nov)', -360, 2],
    ]);
    expect(a.links[0]).toEqual({
      kind: 'trades',
      filter: { from: '2026-11-02', to: '2026-11-08' },
      label: 'Open these trades',
    });
  });

  it('the headline figures of the whole journal: net +1,350, 3 of 7 won, profit factor 5,300 ÷ 3,950', () => {
    // Equity at each IST exit day's close, from ₹0: 430 (2 Nov), 70 (3 Nov), 1,470 (6 Nov), 1,470 (9 Nov),
    // 1,350 (10 Nov). The deepest fall is 430 → 70 = 360.
    const a = ask("What's my win rate?");
    expect(a.topic).toBe('period');
    expect(a.sample).toBe(7);
    expect(rows(a).slice(0, 6)).toEqual([
      ['Net P&L', 1350, 7],
      ['Win rate', 3 / 7, 7],
      ['Profit factor', 5300 / 3950, 7],
      ['Expectancy per trade', expect.closeTo(1350 / 7, 9), 7],
      ['Max drawdown', -360, 7], // a fall, negative as the dashboard shows it
      ['Charges', 320, 7],
    ]);
  });

  it('this week holds T7 (Mon 9 Nov) and T6 (closed Tue 10 Nov); last month (October) holds nothing', () => {
    expect(answerQuestion('How did I do this week?', journal, { now }).sample).toBe(2);
    expect(answerQuestion('How did I do last month?', journal, { now }).text).toBe(
      'No closed trades last month (Oct 2026).',
    );
  });

  it('a period narrows another topic and is named in the answer', () => {
    const a = answerQuestion('best symbols last week', journal, { now, minSample: 5, minGroup: 1 });
    expect(a.topic).toBe('symbols');
    expect(a.sample).toBe(5);
    expect(a.text).toBe(
      'Last week (2 Nov – 8 Nov 2026): Best symbol: RELIANCE, +₹3,900.00 over 2 trades (100% won). ' +
        'Worst: NIFTY26NOVFUT, −₹3,300.00 over 1 trade (0% won).',
    );
    expect(a.figures[0]?.link).toEqual({
      kind: 'trades',
      filter: { from: '2026-11-02', to: '2026-11-08', symbol: 'RELIANCE' },
      label: 'RELIANCE',
    });
  });
});

describe('answerQuestion: help and anything else', () => {
  it('lists what it can answer', () => {
    const a = answerQuestion('What can you answer?', journal, { now });
    expect(a.topic).toBe('help');
    expect(a.text).toContain('\n• What are my best and worst setups?\n');
    expect(a.figures).toEqual([]);
  });

  it("says it can't answer anything else, and never makes a number up", () => {
    const a = answerQuestion('Should I buy Reliance tomorrow?', journal, { now });
    expect(a.topic).toBe('unknown');
    expect(a.text.startsWith("I can't answer that yet. I can answer:\n• How did I do this week?")).toBe(true);
    expect(a.figures).toEqual([]);
  });

  it('an empty journal has nothing to measure', () => {
    const a = answerQuestion('best setups', { trades: [] }, { now });
    expect(a).toMatchObject({ sample: 0, tooFew: true, figures: [] });
    expect(a.text).toBe('There are no closed trades to measure yet.');
  });
});
