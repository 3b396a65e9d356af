import { describe, expect, it } from 'vitest';
import { percent } from './paise';
import {
  CHARGE_RATES,
  CHARGE_SCHEDULES,
  DEFAULT_STATE,
  EXCHANGE_SEGMENTS,
  EXCHANGES,
  INDIAN_STATES,
  type RateRow,
  type RateSet,
  rateSetOn,
  type Schedule,
  segmentRates,
} from './rates';

/** Every schedule in CHARGE_SCHEDULES, with a name for messages. */
function allSchedules(): [string, Schedule][] {
  const out: [string, Schedule][] = [
    ['sebiFee', CHARGE_SCHEDULES.sebiFee],
    ['gstPercent', CHARGE_SCHEDULES.gstPercent],
  ];
  for (const [name, table] of [
    ['stt', CHARGE_SCHEDULES.stt],
    ['ctt', CHARGE_SCHEDULES.ctt],
  ] as const) {
    for (const [segment, tax] of Object.entries(table)) {
      out.push([`${name}.${segment}.buy`, tax.buy], [`${name}.${segment}.sell`, tax.sell]);
      out.push([`${name}.${segment}.exercise`, tax.exercise]);
    }
  }
  for (const [name, table] of [
    ['transaction', CHARGE_SCHEDULES.transaction],
    ['ipft', CHARGE_SCHEDULES.ipft],
  ] as const) {
    for (const [exchange, bySegment] of Object.entries(table)) {
      for (const [segment, schedule] of Object.entries(bySegment as Record<string, Schedule>)) {
        out.push([`${name}.${exchange}.${segment}`, schedule]);
      }
    }
  }
  for (const exchange of EXCHANGES) {
    for (const segment of EXCHANGE_SEGMENTS[exchange]) {
      for (const { code } of INDIAN_STATES) {
        const { buy, sell } = CHARGE_SCHEDULES.stampDuty(exchange, segment, code);
        out.push(
          [`stamp.${exchange}.${segment}.${code}.buy`, buy],
          [`stamp.${exchange}.${segment}.${code}.sell`, sell],
        );
      }
    }
  }
  return out;
}

describe('CHARGE_SCHEDULES: the dated rows', () => {
  it('gives every row a date from 1 Apr 2018, a source and its evidence, oldest first', () => {
    for (const [name, schedule] of allSchedules()) {
      expect(schedule.length, name).toBeGreaterThan(0);
      expect(schedule[0]!.from, name).toBe('2018-04-01');
      const dates = schedule.map((row: RateRow) => row.from);
      expect(dates, name).toEqual([...dates].sort());
      for (const row of schedule) {
        expect(row.source.length, `${name} ${row.from}`).toBeGreaterThan(20);
        expect(['primary', 'secondary', 'unsourced'], `${name} ${row.from}`).toContain(row.evidence);
        expect(Number.isFinite(row.value) && row.value >= 0, `${name} ${row.from}`).toBe(true);
      }
    }
  });

  it('holds the SEBI fee history: ₹15, ₹10 from 1 Apr 2019, ₹5 from 1 Jun 2020 to 31 Mar 2021, then ₹10', () => {
    const fee = (date: string) => rateSetOn(date).sebiFee;
    expect([fee('2019-03-31'), fee('2019-04-01'), fee('2020-05-31'), fee('2020-06-01')]).toEqual([15, 10, 10, 5]);
    expect([fee('2021-03-31'), fee('2021-04-01'), fee('2026-11-25')]).toEqual([5, 10, 10]);
  });

  it("holds NSE's IPFT levy: ₹0.01 per crore, ₹10 (₹50 on options) from 1 Apr 2023, ₹0.01 again from 1 Mar 2026", () => {
    const ipft = (date: string) => [rateSetOn(date).rates.NSE.futures.ipft, rateSetOn(date).rates.NSE.options.ipft];
    expect(ipft('2023-03-31')).toEqual([0.01, 0.01]);
    expect(ipft('2023-04-01')).toEqual([10, 50]);
    expect(ipft('2026-02-28')).toEqual([10, 50]);
    expect(ipft('2026-03-01')).toEqual([0.01, 0.01]);
    // The transaction charge took over the difference, so the total per crore is unchanged: 297 + 10 = 306.99 + 0.01
    const cash = (date: string) => rateSetOn(date).rates.NSE['equity-intraday'];
    expect(cash('2026-02-28').transaction + cash('2026-02-28').ipft).toBeCloseTo(307, 9);
    expect(cash('2026-03-01').transaction + cash('2026-03-01').ipft).toBeCloseTo(307, 9);
  });

  it('levies CTT, not STT, on MCX, and has no MCX equity segments', () => {
    const mcx = rateSetOn('2025-06-17').rates.MCX;
    expect(mcx.futures).toMatchObject({ sttSell: percent(0.01), sttExercise: 0, ipft: 0 });
    expect(mcx.options).toMatchObject({
      sttSell: percent(0.05),
      sttExercise: percent(0.0001),
      exerciseOn: 'settlement',
    });
    expect(Object.keys(mcx).sort()).toEqual(['futures', 'options']);
    expect(segmentRates(rateSetOn('2025-06-17'), 'MCX', 'equity-delivery')).toBeUndefined();
  });
});

describe('CHARGE_RATES', () => {
  it('starts on 1 Apr 2018 and has one set per change date, oldest first', () => {
    const dates = CHARGE_RATES.map((set) => set.effectiveFrom);
    expect(dates[0]).toBe('2018-04-01');
    expect(dates).toEqual([...new Set(dates)].sort());
    for (const date of ['2019-04-01', '2020-06-01', '2020-07-01', '2021-01-01', '2023-04-01', '2024-10-01']) {
      expect(dates).toContain(date);
    }
    expect(dates).toContain('2026-03-01');
    expect(dates.at(-1)).toBe('2026-04-01');
  });

  it('carries state-wise stamp duty only before 1 Jul 2020', () => {
    const set = (date: string) => CHARGE_RATES.find((s) => s.effectiveFrom === date)!;
    expect(set('2020-06-01').stampByState).toBeDefined();
    expect(set('2020-07-01').stampByState).toBeUndefined();
  });
});

describe('rateSetOn', () => {
  it('never refuses a well-formed date: before the table it returns the first set, estimated', () => {
    const early = rateSetOn('2010-01-04');
    expect(early.effectiveFrom).toBe('2018-04-01');
    expect(early.estimated).toBe(true);
    expect(early.rates.NSE.futures.sttSell).toBe(percent(0.01));
  });

  it('is not estimated inside the table, and reads an instant in India time', () => {
    expect(rateSetOn('2024-10-01')).toMatchObject({ effectiveFrom: '2024-10-01', estimated: false });
    // 30 Sep 2024 19:00 UTC is 1 Oct 2024 00:30 IST
    expect(rateSetOn(new Date('2024-09-30T19:00:00Z')).effectiveFrom).toBe('2024-10-01');
  });

  it("applies the trader's state before 1 Jul 2020, and marks the set estimated without one", () => {
    const karnataka = rateSetOn('2019-06-03', CHARGE_RATES, { state: 'KA' });
    expect(karnataka.estimated).toBe(false);
    expect(karnataka.rates.NSE['equity-delivery']).toMatchObject({ stampBuy: 300, stampSell: 300, estimated: false });
    const telangana = rateSetOn('2019-06-03', CHARGE_RATES, { state: 'TS' }).rates.NSE.futures;
    expect(telangana).toMatchObject({ stampBuy: 1000, stampSell: 1000, stampCapPerNote: 100 });
    const unknown = rateSetOn('2019-06-03');
    expect(unknown.estimated).toBe(true);
    expect(unknown.rates.NSE['equity-delivery']).toMatchObject({ stampBuy: 1000, stampSell: 1000 });
    // A state with no published schedule gets Maharashtra's figures, each segment marked estimated.
    expect(rateSetOn('2019-06-03', CHARGE_RATES, { state: 'BR' }).rates.NSE.futures).toMatchObject({
      stampBuy: 200,
      estimated: true,
    });
  });

  it('refuses a malformed date, an unknown state and an empty table', () => {
    expect(() => rateSetOn('2024-13-01')).toThrow('Trade date "2024-13-01" is not a YYYY-MM-DD date.');
    expect(() => rateSetOn('2019-06-03', CHARGE_RATES, { state: 'ZZ' as never })).toThrow(
      'Unknown state "ZZ": use a code from INDIAN_STATES.',
    );
    expect(() => rateSetOn('2024-10-01', [])).toThrow('The charge rate table is empty.');
  });

  it('reads a supplied table by date, estimated before its first set', () => {
    const only: RateSet = { ...CHARGE_RATES.at(-1)!, effectiveFrom: '2030-01-01' };
    expect(rateSetOn('2029-12-31', [only])).toMatchObject({ effectiveFrom: '2030-01-01', estimated: true });
    expect(rateSetOn('2030-01-01', [only])).toMatchObject({ effectiveFrom: '2030-01-01', estimated: false });
  });
});

describe('INDIAN_STATES', () => {
  it('lists the 28 states and 8 union territories once each, with Maharashtra the default', () => {
    const codes = INDIAN_STATES.map((state) => state.code);
    expect(codes).toHaveLength(36);
    expect(new Set(codes).size).toBe(36);
    expect(DEFAULT_STATE).toBe('MH');
    expect(INDIAN_STATES.find((state) => state.code === DEFAULT_STATE)?.name).toBe('Maharashtra');
  });
});

describe('CHARGE_SCHEDULES.dp: Zerodha’s DP charge by date', () => {
  it('starts on 1 Apr 2018, oldest first, every row with a source and its evidence', () => {
    const rows = CHARGE_SCHEDULES.dp;
    expect(rows[0]!.from).toBe('2018-04-01');
    expect(rows.map((r) => r.from)).toEqual([...rows.map((r) => r.from)].sort());
    for (const row of rows) {
      expect(row.source.length, row.from).toBeGreaterThan(40);
      expect(row.evidence, row.from).not.toBe('unsourced');
    }
  });

  it('is ₹13.50 + GST until 31 May 2024 and ₹13 + GST (₹15.34) from 1 Jun 2024', () => {
    const on = (date: string) => CHARGE_SCHEDULES.dp.filter((r) => r.from <= date).at(-1)!;
    expect(on('2018-04-01')).toMatchObject({ amount: 13.5, includesGst: false });
    expect(on('2024-05-31')).toMatchObject({ amount: 13.5, includesGst: false });
    expect(on('2024-06-01')).toMatchObject({ amount: 13, includesGst: false });
    expect(on('2026-11-30')).toMatchObject({ amount: 13, includesGst: false });
  });
});
