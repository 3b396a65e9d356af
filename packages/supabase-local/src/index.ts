/**
 * A Docker-free local Supabase on PGlite: auth, a PostgREST-compatible data API, storage, functions and a mail inbox,
 * driven by a project's `supabase/` folder (config.toml, migrations, seed.sql, functions).
 *
 * @packageDocumentation
 */
export {
  type BucketConfig,
  ConfigError,
  DEFAULT_PORT,
  defaultDataDir,
  type LoadConfigOptions,
  loadConfig,
  type StackConfig,
} from './config.ts';
export {
  CorruptDataDirError,
  DataDirInUseError,
  type LocalDatabase,
  type OpenDatabaseOptions,
  openDatabase,
} from './db/index.ts';
export { bootstrap, type MigrateResult, MigrationError, migrate } from './db/migrate.ts';
export { createDatabaseTemplate, type DatabaseTemplate } from './db/template.ts';
// The Razorpay sandbox's test key (id and secret) and mount path: for tests that play the checkout page's part.
export {
  LOCAL_RAZORPAY_KEY_ID,
  LOCAL_RAZORPAY_KEY_SECRET,
  RAZORPAY_SANDBOX_PATH,
} from './razorpay-sandbox/index.ts';
export { PortInUseError, type RunningServer, type StartOptions, startServer } from './server.ts';
export type * from './types.ts';
