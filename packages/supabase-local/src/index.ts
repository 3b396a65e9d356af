// @bahi/supabase-local: a Docker-free local Supabase on PGlite.
export {
  ConfigError,
  DEFAULT_PORT,
  defaultDataDir,
  type LoadConfigOptions,
  loadConfig,
  type StackConfig,
} from './config';
export {
  CorruptDataDirError,
  DataDirInUseError,
  type LocalDatabase,
  type OpenDatabaseOptions,
  openDatabase,
} from './db/index';
export { bootstrap, type MigrateResult, MigrationError, migrate } from './db/migrate';
export { createDatabaseTemplate, type DatabaseTemplate } from './db/template';
// The Razorpay sandbox's test key (id and secret) and mount path: for tests that play the checkout page's part.
export {
  LOCAL_RAZORPAY_KEY_ID,
  LOCAL_RAZORPAY_KEY_SECRET,
  RAZORPAY_SANDBOX_PATH,
} from './razorpay-sandbox/index';
export { PortInUseError, type RunningServer, type StartOptions, startServer } from './server';
export type * from './types';
