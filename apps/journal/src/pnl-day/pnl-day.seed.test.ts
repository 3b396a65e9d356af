// One P&L day on every screen, on the seeded demo journal (supabase/seed.sql: Aug–Nov 2026, swing trades carried
// across month ends, one position still open, deposits and a withdrawal): the local stack serves the migrations and
// the seed from a database made by the SQL tests' support (supabase/tests/support/db.ts), the app's own reads fetch
// the demo trader's trades and funds through supabase-js, and the app's dashboard, calendar and funds functions
// must all give the sum the database itself works out from the exit times.
import { join } from 'node:path';
import { type Database, loadConfig, type RunningServer, startServer } from '@bahi/supabase-local';
import type { FundMovement } from '@bahi/ui';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { bootstrappedDatabase, supabaseDir } from '../../../../supabase/tests/support/db';
import { periodRange } from '../dashboard/dashboard-data';
import { type JournalTrade, readFunds, readJournalTrades } from '../data/journal-data';
import { type DayRange, expectOneFigure } from './pnl-day.fixture';

// The app's own client is not used: the reads run through a client signed in as the demo trader.
vi.mock('../data/supabase', () => ({ supabase: {} }));

const TODAY = '2026-11-25';
const DEMO = { email: 'demo@bahi.local', password: 'demo-trader-2026' };

let db: Database;
let server: RunningServer;
let demoId: string;
let trades: JournalTrade[];
let movements: FundMovement[];
let client: ReturnType<typeof createClient>;

beforeAll(async () => {
  db = await bootstrappedDatabase();
  // A fresh database: the stack applies the migrations and the seed, as `npm start` does on its first run.
  server = await startServer(await loadConfig({ workdir: join(supabaseDir, '..'), port: 0 }), { db });
  client = createClient(server.url, server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const { data, error } = await client.auth.signInWithPassword(DEMO);
  if (error) throw error;
  demoId = data.user.id;
  [trades, movements] = await Promise.all([readJournalTrades(client), readFunds(client)]);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await db?.close();
});

/** The definition, in the database: the demo's closed trades whose exit instant is an IST day of the range. */
async function definition({ from, to }: DayRange): Promise<{ netPnl: number; trades: number }> {
  const { rows } = await db.query<{ n: number; net: string }>(
    `select count(*)::int as n, coalesce(sum(net_pnl), 0)::text as net from public.trades
     where user_id = $1 and status = 'closed' and (exit_time at time zone 'Asia/Kolkata')::date between $2 and $3`,
    [demoId, from, to],
  );
  return { netPnl: Number(rows[0]!.net), trades: rows[0]!.n };
}

describe('the seeded demo journal', () => {
  it('comes from journal_trades() as a select of trades reads it: the same rows, order and values', async () => {
    const { data: columns, error } = await client.rpc('journal_trades');
    expect(error).toBeNull();
    // The columns the areas read: all but user_id, the import's adjustments and the row's own created/updated times.
    const keys = (
      'id, exchange, segment, product, symbol, underlying, expiry, strike, option_type, lot_size, side, quantity, ' +
      'avg_entry_price, avg_exit_price, entry_time, exit_time, trade_date, exit_date, status, gross_pnl, charges, ' +
      'charges_breakdown, charges_source, net_pnl, stop_loss, target, playbook_id, broker_profile_id, emotions_before, ' +
      'emotions_after, mistakes, rating, notes, import_source, import_id'
    ).split(', ');
    const { data: rows, error: selectError } = await client
      .from('trades')
      .select(keys.join(','))
      .order('entry_time', { ascending: false })
      .order('id');
    expect(selectError).toBeNull();
    const byColumn = columns as unknown as Record<string, unknown[]>;
    const read = (rows ?? []) as unknown as Record<string, unknown>[];
    expect(read.length).toBeGreaterThan(10);
    // Besides the trade's own columns, the names of what it refers to (the next test).
    // ... and the journal's revision at the read.
    expect(Object.keys(byColumn).sort()).toEqual([...keys, 'tag_ids', 'tag_names', 'playbook_name', 'revision'].sort());
    expect(read.map((_, i) => Object.fromEntries(keys.map((k) => [k, byColumn[k]![i]])))).toEqual(read);
    expect(trades.map((t) => t.id)).toEqual(read.map((row) => row.id));
    // Some trades by id (a change's), in journal order whatever order they are asked in; an unknown id is left out.
    const some = [read[7]!.id, read[2]!.id, '00000000-0000-4000-8000-000000000000'] as string[];
    const picked = await readJournalTrades(client, some);
    expect(picked.map((t) => t.id)).toEqual([read[2]!.id, read[7]!.id]);
    expect(picked).toEqual([trades[2], trades[7]]);
  });

  it("brings each trade's tags (ids and names, in tag id order) and its playbook's name, as the tables hold them", async () => {
    const { data, error } = await client
      .from('trades')
      .select('id, playbooks(name), trade_tags(tag_id, tags(name))')
      .order('entry_time', { ascending: false })
      .order('id');
    expect(error).toBeNull();
    const rows = (data ?? []) as unknown as {
      id: string;
      playbooks: { name: string } | null;
      trade_tags: { tag_id: string; tags: { name: string } }[];
    }[];
    const expected = rows.map((row) => {
      const links = [...row.trade_tags].sort((a, b) => (a.tag_id < b.tag_id ? -1 : 1));
      return {
        id: row.id,
        tagIds: links.map((l) => l.tag_id),
        tags: links.map((l) => l.tags.name),
        playbookName: row.playbooks?.name ?? null,
      };
    });
    expect(trades.map(({ id, tagIds, tags, playbookName }) => ({ id, tagIds, tags, playbookName }))).toEqual(expected);
    // The seed tags and files trades under playbooks, so both are really there to compare.
    expect(trades.filter((t) => t.tags.length > 0).length).toBeGreaterThan(5);
    expect(new Set(trades.flatMap((t) => t.tags))).toEqual(new Set(['A+ setup', 'Expiry day', 'Overtraded', 'Swing']));
    expect(trades.filter((t) => t.playbookName !== null).length).toBeGreaterThan(5);
  });

  it('is read as the app reads it: every trade, with swing trades closed in a later month', async () => {
    const { rows } = await db.query<{ n: number; carried: number }>(
      `select count(*)::int as n,
         count(*) filter (where to_char(trade_date, 'YYYY-MM') <> to_char(exit_date, 'YYYY-MM'))::int as carried
       from public.trades where user_id = $1`,
      [demoId],
    );
    expect(trades).toHaveLength(rows[0]!.n);
    expect(rows[0]!.carried).toBeGreaterThan(0);
    expect(trades.some((t) => t.status === 'open')).toBe(true);
    expect(movements.length).toBeGreaterThan(0);
  });

  const ranges: [string, DayRange][] = [
    ['August 2026', { from: '2026-08-01', to: '2026-08-31' }],
    ['September 2026', { from: '2026-09-01', to: '2026-09-30' }],
    ['October 2026', { from: '2026-10-01', to: '2026-10-31' }],
    ['November 2026', { from: '2026-11-01', to: '2026-11-30' }],
    ['the week across the August month end', { from: '2026-08-24', to: '2026-09-06' }],
    ['1 September 2026', { from: '2026-09-01', to: '2026-09-01' }],
    ['the whole journal', { from: '2026-01-01', to: '2026-12-31' }],
    ...(['month', '30d', 'fy'] as const).map((p): [string, DayRange] => [
      `the dashboard's ${p} period`,
      periodRange(p, TODAY)!,
    ]),
  ];

  it.each(ranges)('calendar = equity curve = dashboard = funds over %s, and the database agrees', async (_, range) => {
    const figures = expectOneFigure(trades, movements, range, TODAY);
    const sql = await definition(range);
    expect(figures.trades).toBe(sql.trades);
    expect(figures.netPnl).toBeCloseTo(sql.netPnl, 2);
  });
});
