// A broker profile's DP charge applies from the day the trader set it (broker_profiles.dp_charge_from): the server
// dates a new profile and every change of the charge, and keeps a date the same write gives.
import type { Database } from '@bahi/supabase-local';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootDatabase, createUser, user, withCaller } from './support/db';

const TRADER = 'dcf00000-0000-4000-8000-0000000000d1';
let db: Database;

beforeAll(async () => {
  db = await bootDatabase();
  await createUser(db, TRADER, 'dp@bahi.local');
}, 60_000);

afterAll(async () => {
  await db?.close();
});

type Profile = { dp_charge_from: string; today: string };

/** Writes as the trader and reads the profile's date back with today's IST date, all rolled back after. */
const afterWrites = (...writes: string[]) =>
  withCaller(db, user(TRADER), async (tx) => {
    for (const sql of writes) await tx.query(sql);
    const { rows } = await tx.query<Profile>(
      `select dp_charge_from::text, ((now() at time zone 'Asia/Kolkata')::date)::text as today
       from public.broker_profiles`,
    );
    return rows[0]!;
  });

const INSERT = `insert into public.broker_profiles (name, broker, is_default, dp_charge_per_sell, dp_charge_includes_gst,
  dp_charge_from) values ('Upstox', 'upstox', true, 18.5, false, `;

describe('broker_profiles.dp_charge_from', () => {
  it('is today (IST) for a new profile, unless the insert gives a date', async () => {
    const made = await afterWrites(`${INSERT} null)`);
    expect(made.dp_charge_from).toBe(made.today);
    expect((await afterWrites(`${INSERT} '2021-04-01')`)).dp_charge_from).toBe('2021-04-01');
  });

  it('moves to today when the DP charge changes, and stays when only brokerage changes', async () => {
    const changed = await afterWrites(
      `${INSERT} '2021-04-01')`,
      'update public.broker_profiles set dp_charge_per_sell = 20',
    );
    expect(changed.dp_charge_from).toBe(changed.today);
    const gst = await afterWrites(
      `${INSERT} '2021-04-01')`,
      'update public.broker_profiles set dp_charge_includes_gst = true',
    );
    expect(gst.dp_charge_from).toBe(gst.today);
    const brokerage = await afterWrites(
      `${INSERT} '2021-04-01')`,
      'update public.broker_profiles set intraday_brokerage_cap = 15',
    );
    expect(brokerage.dp_charge_from).toBe('2021-04-01');
  });

  it('keeps a date given with the change of charge', async () => {
    const given = await afterWrites(
      `${INSERT} '2021-04-01')`,
      `update public.broker_profiles set dp_charge_per_sell = 20, dp_charge_from = '2019-01-01'`,
    );
    expect(given.dp_charge_from).toBe('2019-01-01');
  });
});
