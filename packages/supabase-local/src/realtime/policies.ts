// Private channels, authorized as hosted Realtime does: RLS policies on realtime.messages decide, with the channel's
// name in `realtime.topic` and the caller's role and claims set. Read: a row for each extension is written (as the
// database owner) and read back as the caller. Write: the caller inserts one. Everything is rolled back.
import type { Claims, Database, Queryable } from '../types.ts';

/** What a caller may do on a private channel's topic. */
export interface Permissions {
  broadcast: boolean;
  presence: boolean;
}

class Rollback {
  constructor(readonly permissions: Permissions) {}
}

const denied: Permissions = { broadcast: false, presence: false };

/** Runs the check in a transaction that is always rolled back; a policy that raises denies. */
async function check(db: Database, fn: (tx: Queryable) => Promise<Permissions>): Promise<Permissions> {
  try {
    await db.transaction(async (tx) => {
      throw new Rollback(await fn(tx));
    });
  } catch (outcome) {
    if (outcome instanceof Rollback) return outcome.permissions;
  }
  return denied;
}

const setCaller = (tx: Queryable, topic: string, claims: Claims) =>
  tx.query(
    `select set_config('role', $1, true), set_config('realtime.topic', $2, true),
       set_config('request.jwt.claims', $3, true), set_config('request.headers', '{}', true)`,
    [claims.role, topic, JSON.stringify(claims)],
  );

/** Whether the caller may receive broadcast and presence on `topic`. */
export function readPermissions(db: Database, topic: string, claims: Claims): Promise<Permissions> {
  return check(db, async (tx) => {
    const { rows } = await tx.query<{ id: string; extension: string }>(
      `insert into realtime.messages (topic, extension, private) values ($1, 'broadcast', true), ($1, 'presence', true)
       returning id::text, extension`,
      [topic],
    );
    await setCaller(tx, topic, claims);
    const seen = await tx.query<{ extension: string }>(
      'select extension from realtime.messages where topic = $1 and id = any($2::uuid[])',
      [topic, rows.map((r) => r.id)],
    );
    const can = new Set(seen.rows.map((r) => r.extension));
    return { broadcast: can.has('broadcast'), presence: can.has('presence') };
  });
}

/** Whether the caller may send broadcast and track presence on `topic`. */
export function writePermissions(db: Database, topic: string, claims: Claims): Promise<Permissions> {
  return check(db, async (tx) => {
    await setCaller(tx, topic, claims);
    const can = async (extension: string) => {
      await tx.exec('savepoint realtime_write');
      try {
        await tx.query(`insert into realtime.messages (topic, extension, private) values ($1, $2, true)`, [
          topic,
          extension,
        ]);
        return true;
      } catch {
        return false;
      } finally {
        await tx.exec('rollback to savepoint realtime_write');
      }
    };
    return { broadcast: await can('broadcast'), presence: await can('presence') };
  });
}
