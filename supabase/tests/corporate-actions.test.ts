// Corporate actions beyond splits and bonuses (20261201300000_corporate_actions_more.sql): change_corporate_action
// records a demerger, a merger and a symbol change with the new share, refuses each malformed one with a message
// that says what to fix, and takes the rebuilt trades they give (a demerger's new shares as derived lots at their part
// of the parent's cost), called as the trader under RLS.
import type { Database } from '@bahi/supabase-local';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { as, bootDatabase, commitAs, createUser, user } from './support/db';
import { type InlineTrade, toRpc } from './support/fills';
import { DEMO, OTHER } from './support/ids';

const trader = user(OTHER, 'other@bahi.local');
const demo = user(DEMO, 'demo@bahi.local');
let db: Database;

beforeAll(async () => {
  db = await bootDatabase();
  await createUser(db, OTHER, 'other@bahi.local');
}, 60_000);

afterAll(async () => {
  await db?.close();
});

afterEach(async () => {
  for (const table of ['imports', 'trades', 'corporate_actions', 'fills', 'deleted_fills']) {
    await db.query(`delete from public.${table} where user_id = $1`, [OTHER]);
  }
});

const ACTION = 'select public.change_corporate_action($1::jsonb, $2::jsonb, $3::uuid[], $4::jsonb) as v';

// Strides Pharma → OneSource: 1 for 2, ex-date 6 Dec 2024, 10.65% of the cost to ONESOURCE.
const demerger = {
  symbol: 'star',
  isin: 'INE939A01011',
  kind: 'demerger',
  ratio_from: 2,
  ratio_to: 1,
  ex_date: '2024-12-06',
  new_symbol: 'onesource',
  new_isin: 'INE013P01021',
  cost_percent: 10.65,
};
// HDFC → HDFC Bank: 42 for 25, ex-date 13 Jul 2023.
const merger = {
  symbol: 'HDFC',
  kind: 'merger',
  ratio_from: 25,
  ratio_to: 42,
  ex_date: '2023-07-13',
  new_symbol: 'HDFCBANK',
  new_isin: 'INE040A01034',
};
const symbolChange = {
  symbol: 'OLDCO',
  kind: 'symbol_change',
  ratio_from: 1,
  ratio_to: 1,
  ex_date: '2025-03-03',
  new_symbol: 'NEWCO',
};

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    const e = error as { code?: string; message?: string };
    return { code: e.code ?? '', message: e.message ?? '' };
  }
  throw new Error('the call succeeded');
}

const record = async (action: object, trades: unknown[] = []) => {
  const payload = await toRpc(db, OTHER, trades as InlineTrade[]);
  return commitAs<{ v: { id: string; trades_created: number } }>(db, trader, ACTION, [
    JSON.stringify(action),
    payload.trades,
    '{}',
    payload.fills,
  ]);
};

const message = async (action: object) => (await failure(record(action))).message;

describe('change_corporate_action: demerger, merger and symbol change', () => {
  it('records each with its new share, upper-cased, and lists them only to their owner', async () => {
    for (const a of [demerger, merger, symbolChange]) await record(a);
    expect(
      await as(
        db,
        trader,
        `select symbol, isin, kind, ratio_from, ratio_to, ex_date::text as ex, new_symbol, new_isin,
           cost_percent::text as pct
         from public.corporate_actions order by ex_date`,
      ),
    ).toEqual([
      {
        symbol: 'HDFC',
        isin: null,
        kind: 'merger',
        ratio_from: 25,
        ratio_to: 42,
        ex: '2023-07-13',
        new_symbol: 'HDFCBANK',
        new_isin: 'INE040A01034',
        pct: null,
      },
      {
        symbol: 'STAR',
        isin: 'INE939A01011',
        kind: 'demerger',
        ratio_from: 2,
        ratio_to: 1,
        ex: '2024-12-06',
        new_symbol: 'ONESOURCE',
        new_isin: 'INE013P01021',
        pct: '10.6500',
      },
      {
        symbol: 'OLDCO',
        isin: null,
        kind: 'symbol_change',
        ratio_from: 1,
        ratio_to: 1,
        ex: '2025-03-03',
        new_symbol: 'NEWCO',
        new_isin: null,
        pct: null,
      },
    ]);
    expect(await as(db, demo, 'select id from public.corporate_actions where user_id = $1', [OTHER])).toEqual([]);
  });

  it('says which action is already recorded, in words, and which is not in the journal', async () => {
    await record(symbolChange);
    expect(await failure(record(symbolChange))).toEqual({
      code: '23505',
      message: 'That symbol change of OLDCO on 2025-03-03 is already recorded.',
    });
    expect(
      await failure(
        commitAs(db, demo, ACTION, [JSON.stringify({ id: '00000000-0000-4000-8000-000000000000' }), '[]', '{}', '[]']),
      ),
    ).toEqual({ code: 'P0002', message: 'That corporate action is not in your journal.' });
  });

  it('refuses a malformed action, saying what to fix', async () => {
    expect(await message({ ...demerger, kind: 'rights' })).toBe(
      'The kind must be split, bonus, demerger, merger or symbol_change.',
    );
    expect(await message({ ...demerger, symbol: 'STAR PHARMA' })).toBe(
      "The symbol must be the share's symbol as the exchange writes it, like RELIANCE or M&M.",
    );
    expect(await message({ ...demerger, isin: 'INE939A' })).toBe(
      'The ISIN must be 12 letters and digits, like INE467B01029, or left out.',
    );
    expect(await message({ ...demerger, new_symbol: null })).toBe(
      'A demerger needs the symbol of the new share, like ONESOURCE.',
    );
    expect(await message({ ...merger, new_symbol: '' })).toBe(
      'A merger needs the symbol of the new share, like HDFCBANK.',
    );
    expect(await message({ ...demerger, new_symbol: 'Star' })).toBe("The new share's symbol must differ from STAR.");
    expect(await message({ ...demerger, new_isin: 'INE939A01011' })).toBe(
      "The new share's ISIN must differ from STAR's.",
    );
    expect(await message({ ...demerger, new_isin: 'ONESOURCE' })).toBe(
      "The new share's ISIN must be 12 letters and digits, like INE013P01021, or left out.",
    );
    const costMessage =
      'A demerger needs the percentage of the cost that goes to the new share, above 0 and below 100 with at most ' +
      '4 decimals, as the company announced it (STAR to ONESOURCE: 10.65).';
    for (const cost_percent of [undefined, 0, 100, '10.65', 10.123456]) {
      expect(await message({ ...demerger, cost_percent })).toBe(costMessage);
    }
    expect(await message({ ...merger, cost_percent: 50 })).toBe(
      'A merger keeps the whole cost: leave out cost_percent.',
    );
    expect(await message({ ...symbolChange, ratio_to: 2 })).toBe(
      'A symbol change is one new share for each one held: the ratio must be 1:1.',
    );
    expect(
      await message({
        symbol: 'INFY',
        kind: 'split',
        ratio_from: 1,
        ratio_to: 2,
        ex_date: '2024-01-05',
        new_symbol: 'X',
      }),
    ).toBe('A split names no new share and moves no cost: leave out new_symbol, new_isin and cost_percent.');
    expect(await message({ ...merger, ex_date: '2023-02-30' })).toBe('The ex-date must be a date YYYY-MM-DD.');
    expect(await as(db, trader, 'select id from public.corporate_actions')).toEqual([]);
  });

  it("takes the demerger's rebuilt trades: the new shares as derived lots at their cost, from the parent's buy day", async () => {
    // 25 STAR bought at 620.00 on 20 Jun 2023; ONESOURCE gets 12 of the 12.5 due at 15,500.00 × 10.65% ÷ 12.5 =
    // 132.06 each (1,584.72), still held, acquired when STAR was.
    const share = {
      exchange: 'NSE',
      segment: 'equity',
      product: 'delivery',
      underlying: null,
      expiry: null,
      strike: null,
      option_type: null,
      lot_size: null,
      side: 'long',
      status: 'open',
      avg_exit_price: null,
      exit_time: null,
      gross_pnl: null,
      charges: 0,
      charges_breakdown: null,
      charges_source: 'estimated',
      broker_profile_id: null,
      broker: 'zerodha',
    };
    const trades = [
      {
        ...share,
        symbol: 'STAR',
        isin: 'INE939A01011',
        quantity: 25,
        avg_entry_price: 553.97,
        entry_time: '2023-06-20T10:12:40+05:30',
        adjustments: [{ symbol: 'STAR', kind: 'demerger', from: 2, to: 1, ex_date: '2024-12-06', cost_percent: 10.65 }],
        executions: [
          {
            side: 'buy',
            quantity: 25,
            price: 620,
            executed_at: '2023-06-20T10:12:40+05:30',
            broker_trade_id: '159117204',
            broker_order_id: '1400000001410982',
            kind: 'opening',
          },
        ],
      },
      {
        ...share,
        symbol: 'ONESOURCE',
        isin: 'INE013P01021',
        quantity: 12,
        avg_entry_price: 132.06,
        entry_time: '2023-06-20T10:12:40+05:30',
        adjustments: [],
        executions: [
          {
            side: 'buy',
            quantity: 12,
            price: 132.06,
            executed_at: '2023-06-20T10:12:40+05:30',
            broker_trade_id: 'demerger:STAR:2024-12-06:1',
            broker_order_id: null,
            kind: 'bonus',
          },
        ],
      },
    ];
    const [result] = await record(demerger, trades);
    expect(result?.v.trades_created).toBe(2);
    expect(
      await as(
        db,
        trader,
        `select t.symbol, e.kind, e.quantity::text as quantity, e.price::text as price, e.executed_at < '2024-12-06' as before
         from public.trades t cross join lateral unnest(t.fill_ids) as u (id) join public.fills e on e.id = u.id
         order by t.symbol`,
      ),
    ).toEqual([
      { symbol: 'ONESOURCE', kind: 'bonus', quantity: '12', price: '132.0600', before: true },
      { symbol: 'STAR', kind: 'opening', quantity: '25', price: '620.0000', before: true },
    ]);
  });

  it('stores fund units with decimals', async () => {
    const payload = await toRpc(db, OTHER, [
      {
        exchange: 'NSE',
        segment: 'equity',
        product: 'delivery',
        symbol: 'LIQUIDBEES',
        isin: 'INF732E01037',
        underlying: null,
        expiry: null,
        strike: null,
        option_type: null,
        lot_size: null,
        side: 'long',
        status: 'open',
        quantity: 24.609,
        avg_entry_price: 1000,
        avg_exit_price: null,
        entry_time: '2025-04-07T09:30:02+05:30',
        exit_time: null,
        gross_pnl: null,
        charges: 0,
        charges_breakdown: null,
        charges_source: 'estimated',
        broker_profile_id: null,
        executions: [
          {
            side: 'buy',
            quantity: 24.609,
            price: 1000,
            executed_at: '2025-04-07T09:30:02+05:30',
            broker_trade_id: '601200488',
            broker_order_id: null,
            kind: 'fill',
          },
        ],
      },
    ] as InlineTrade[]);
    const [result] = await commitAs<{ v: { trades_created: number } }>(
      db,
      trader,
      "select public.rebuild_trades($1::jsonb, '{}', null, 'zerodha', $2::jsonb) as v",
      [payload.trades, payload.fills],
    );
    expect(result?.v.trades_created).toBe(1);
    expect(await as(db, trader, 'select quantity::text as q from public.fills')).toEqual([{ q: '24.609' }]);
  });
});
