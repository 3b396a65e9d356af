// Fresh databases fast: boot PGlite once, bootstrap + migrate + seed, dump the data folder, then start each
// further database from that dump (about a second instead of a full boot and migration run).
import type { Database } from '../types.ts';
import { type LocalDatabase, openDatabase } from './index.ts';
import { bootstrap, migrate } from './migrate.ts';

/** A migrated and seeded database kept as a snapshot, for many fresh in-memory copies (tests). */
export interface DatabaseTemplate {
  /** A new in-memory database with everything the template has (bootstrap, migrations, seed). */
  fresh(): Promise<LocalDatabase>;
  /** Releases the template (a no-op today: the snapshot is a Blob). */
  close(): Promise<void>;
}

/**
 * Boots PGlite once, runs the bootstrap, `workdir`'s migrations, the seed (unless `seed: false`) and `prepare`, and
 * snapshots the result; `fresh()` then restores the snapshot into a new in-memory database.
 */
export async function createDatabaseTemplate(
  workdir: string,
  options: { seed?: boolean; prepare?: (db: Database) => Promise<void> } = {},
): Promise<DatabaseTemplate> {
  const db = await openDatabase();
  let snapshot: Blob;
  try {
    await bootstrap(db);
    await migrate(db, workdir, { seed: options.seed ?? true });
    await options.prepare?.(db);
    snapshot = await (db.dump as () => Promise<Blob>)();
  } finally {
    await db.close();
  }
  return {
    fresh: () => openDatabase({ loadDataDir: snapshot }),
    async close() {
      // nothing is kept open: the snapshot is a Blob
    },
  };
}
