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
export { PortInUseError, type RunningServer, type StartOptions, startServer } from './server';
export type * from './types';
