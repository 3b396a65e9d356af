// "Rebuild my journal" against the real RPCs (migrations on PGlite, as the signed-in trader under RLS): after the
// trader sets their state, a replay re-charges the trade that the state changes and nothing else, and every trade
// keeps its notes and tags.
import { fileURLToPath } from 'node:url';
import { bootstrap, type Database, migrate, openDatabase } from '@bahi/supabase-local';
import {
  type ChargeSettings,
  type PlanContext,
  parseZerodhaTradebook,
  planImport,
  planReplay,
  type RebuildGroup,
} from '@bahi/trading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrokerProfileRow, DEFAULT_CHARGE_PROFILE, toChargeProfile } from '../data/broker-profile';
import { type JournalFillsJson, rebuildPayload, type StoredJournal, storedJournal } from '../data/stored-journal';

const TRADER = '7ebd1d00-8d2f-4e6b-9a7c-1f2e3d4c5b6a';
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
let db: Database;

beforeAll(async () => {
  db = await openDatabase();
  await bootstrap(db);
  await migrate(db, ROOT, { seed: false });
  await db.query(
    `insert into auth.users (id, email, aud, role, email_confirmed_at, created_at, updated_at, raw_user_meta_data)
     values ($1, 'rebuilder@bahi.local', 'authenticated', 'authenticated', now(), now(), now(), '{}'::jsonb)`,
    [TRADER],
  );
}, 60_000);

afterAll(async () => {
  await db?.close();
});

/** One statement as the trader, the way PostgREST runs a request. */
async function asTrader<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.exec('set local role authenticated');
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ role: 'authenticated', sub: TRADER, aud: 'authenticated' }),
    ]);
    return (await tx.query<T>(sql, params)).rows;
  });
}

/** What the import pipeline loads for a plan (journal_fills()), under the trader's RLS. */
async function journal(charges: ChargeSettings): Promise<PlanContext & StoredJournal> {
  const [row] = await asTrader<{ j: JournalFillsJson }>('select public.journal_fills() as j');
  return { ...storedJournal(row!.j), actions: [], charges };
}

/** p_trades and p_fills, as JSON. */
const payload = (groups: readonly RebuildGroup[], profileId: string | null) => {
  const { p_trades, p_fills } = rebuildPayload(
    groups.flatMap((g) => g.trades),
    profileId,
  );
  return [JSON.stringify(p_trades), JSON.stringify(p_fills)];
};
const replaced = (groups: readonly RebuildGroup[]) => `{${groups.flatMap((g) => g.replace).join(',')}}`;

type TradeRow = { id: string; symbol: string; charges: string; stamp: string; notes: string | null; tags: string[] };
const tradeRows = () =>
  asTrader<TradeRow>(
    `select t.id, t.symbol, t.charges::text as charges, (t.charges_breakdown ->> 'stamp') as stamp, t.notes,
       array(select g.name from public.trade_tags tt join public.tags g on g.id = tt.tag_id
             where tt.trade_id = t.id order by g.name) as tags
     from public.trades t order by t.entry_time`,
  );

const HEADER =
  'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time';
// An ITC day trade on 3 Jun 2019 (stamp duty then the trader's state's, on both sides), an INFY holding bought on
// 3 Jun 2024 and sold on 16 Jun 2025, and an SBIN day trade on 9 Jun 2025.
const TRADEBOOK = [
  HEADER,
  'ITC,INE154A01025,2019-06-03,NSE,EQ,EQ,buy,false,100,95.00,1001,5001,2019-06-03T09:30:00',
  'ITC,INE154A01025,2019-06-03,NSE,EQ,EQ,sell,false,100,96.00,1002,5002,2019-06-03T10:30:00',
  'INFY,INE009A01021,2024-06-03,NSE,EQ,EQ,buy,false,10,1500.00,2001,6001,2024-06-03T10:00:00',
  'INFY,INE009A01021,2025-06-16,NSE,EQ,EQ,sell,false,10,1550.00,2002,6002,2025-06-16T10:00:00',
  'SBIN,INE062A01020,2025-06-09,NSE,EQ,EQ,buy,false,10,790.00,3001,7001,2025-06-09T09:30:00',
  'SBIN,INE062A01020,2025-06-09,NSE,EQ,EQ,sell,false,10,800.00,3002,7002,2025-06-09T10:30:00',
].join('\n');

describe('rebuild my journal through rebuild_trades', () => {
  it('re-charges only what a new setting changes and keeps every trade’s notes and tags', async () => {
    // Imported with no broker profile: no state, so the 2019 trade's stamp duty is Maharashtra's.
    const plan = planImport(parseZerodhaTradebook(TRADEBOOK), await journal(DEFAULT_CHARGE_PROFILE.settings));
    const [trades, fills] = payload(plan.groups, null);
    await asTrader('select public.import_trades($1::jsonb, $2::jsonb, $3::uuid[], $4::jsonb)', [
      JSON.stringify({ broker: 'zerodha', file_name: 'tradebook.csv', file_format: 'csv', kind: 'tradebook' }),
      trades,
      replaced(plan.groups),
      fills,
    ]);
    // The trader journals every trade: a note and a tag each.
    await asTrader(`insert into public.tags (name) values ('reviewed')`);
    await asTrader(`update public.trades set notes = 'Why I took ' || symbol`);
    await asTrader(
      `insert into public.trade_tags (trade_id, tag_id) select t.id, g.id from public.trades t, public.tags g`,
    );
    const before = await tradeRows();
    expect(before.map((t) => [t.symbol, t.stamp])).toEqual([
      // Maharashtra's intraday duty, 0.002% on both sides: 0.002% × 19,100 = ₹0.382 → ₹0.38
      ['ITC', '0.38'],
      // 0.015% × 15,000 bought = ₹2.25 (uniform duty, buyer only); nothing on the sale
      ['INFY', '2.25'],
      // 0.003% × 7,900 bought = ₹0.237 → ₹0.24
      ['SBIN', '0.24'],
    ]);

    // The trader saves a Zerodha profile with their state, Karnataka.
    const [row] = await asTrader<BrokerProfileRow>(
      `insert into public.broker_profiles (name, broker, is_default, dp_charge_per_sell, dp_charge_includes_gst,
         residence_state) values ('Zerodha', 'zerodha', true, 15.34, true, 'KA')
       returning id, name, broker, delivery_brokerage_pct, delivery_brokerage_cap, intraday_brokerage_pct,
         intraday_brokerage_cap, futures_brokerage_pct, futures_brokerage_cap, options_brokerage_per_order,
         dp_charge_per_sell, dp_charge_includes_gst, dp_charge_from, residence_state`,
    );
    const profile = toChargeProfile(row!);
    const replay = planReplay(await journal(profile.settings));
    // Karnataka charged 0.003% on each side: 0.003% × 19,100 = ₹0.573 → ₹0.57, ₹0.19 more. INFY's DP charge before
    // the profile's date is Zerodha's published ₹13 + GST, as it was; SBIN's day is after 1 Jul 2020.
    expect(replay).toMatchObject({ checked: 3, unchanged: 2, refigured: 1, rematched: 0, written: 1, replaced: 1 });

    const [replayTrades, replayFills] = payload(replay.groups, profile.id);
    await asTrader('select public.rebuild_trades($1::jsonb, $2::uuid[], null, null, $3::jsonb)', [
      replayTrades,
      replaced(replay.groups),
      replayFills,
    ]);
    const after = await tradeRows();
    const itcBefore = before[0]!;
    expect(after.map((t) => [t.symbol, t.stamp])).toEqual([
      ['ITC', '0.57'],
      ['INFY', '2.25'],
      ['SBIN', '0.24'],
    ]);
    expect(Number(after[0]!.charges) - Number(itcBefore.charges)).toBeCloseTo(0.19, 10);
    // The rebuilt trade continues its row (rewritten in place); the others are untouched: every id stays.
    expect(after.map((t) => t.id)).toEqual(before.map((t) => t.id));
    // Every trade keeps its journalling.
    expect(after.map((t) => [t.symbol, t.notes, t.tags])).toEqual([
      ['ITC', 'Why I took ITC', ['reviewed']],
      ['INFY', 'Why I took INFY', ['reviewed']],
      ['SBIN', 'Why I took SBIN', ['reviewed']],
    ]);
    // Rebuilt under today's rules, the journal replays as it stands.
    expect(planReplay(await journal(profile.settings))).toMatchObject({ checked: 3, unchanged: 3, groups: [] });
  });
});
