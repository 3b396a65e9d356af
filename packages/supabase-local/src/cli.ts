// supabase-local start | reset | status [--workdir DIR] [--port N] [--db-url URL] [--data-dir DIR]
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, defaultDataDir, loadConfig, type StackConfig } from './config.ts';
import { assertDataDirFree, CorruptDataDirError, DataDirInUseError, openDatabase } from './db/index.ts';
import { bootstrap, MigrationError, migrate } from './db/migrate.ts';
import { createKeys } from './jwt.ts';
import { PortInUseError, startServer, storageRoot } from './server.ts';

const USAGE = `Usage: supabase-local <command> [options]

Commands:
  start    Start the local stack (API, auth, data, functions, storage, inbox) and keep running
  reset    Recreate the database, apply supabase/migrations and run supabase/seed.sql
  status   Show the API URL, keys and inbox URL

Options:
  --workdir DIR    Folder that holds supabase/ (default: the current folder)
  --port N         API port (default: [api] port in supabase/config.toml, else 54321)
  --db-url URL     Use this PostgreSQL instead of the embedded PGlite
  --data-dir DIR   PGlite data folder (default: <workdir>/.supabase-local/db)
  --quiet          Do not log requests (start)
`;

interface State {
  pid: number;
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  inboxUrl: string;
  database: string;
}

function stateFile(workdir: string): string {
  return join(workdir, '.supabase-local', 'status.json');
}

function readState(workdir: string): State | undefined {
  try {
    const state = JSON.parse(readFileSync(stateFile(workdir), 'utf8')) as State;
    process.kill(state.pid, 0);
    return state;
  } catch {
    return undefined;
  }
}

function describeDatabase(config: StackConfig): string {
  if (config.connectionString) return config.connectionString.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:****@');
  return `PGlite at ${config.dataDir}`;
}

function printStatus(state: Omit<State, 'pid'>, out: (line: string) => void = console.log): void {
  out(`         API URL: ${state.url}`);
  out(`    REST API URL: ${state.url}/rest/v1`);
  out(`    Auth API URL: ${state.url}/auth/v1`);
  out(`   Functions URL: ${state.url}/functions/v1`);
  out(`     Storage URL: ${state.url}/storage/v1`);
  out(`       Inbox URL: ${state.inboxUrl}`);
  out(`        Database: ${state.database}`);
  out(`        anon key: ${state.anonKey}`);
  out(`service_role key: ${state.serviceRoleKey}`);
}

async function configFrom(values: Record<string, unknown>): Promise<StackConfig> {
  const workdir = resolve(String(values.workdir ?? process.cwd()));
  if (!existsSync(join(workdir, 'supabase'))) {
    throw new ConfigError(`No supabase/ folder in ${workdir}: run from your project folder or pass --workdir.`);
  }
  let port: number | undefined;
  if (values.port !== undefined) {
    port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`Invalid --port ${values.port}`);
  }
  const connectionString = typeof values['db-url'] === 'string' ? values['db-url'] : undefined;
  const dataDir = typeof values['data-dir'] === 'string' ? resolve(values['data-dir']) : defaultDataDir(workdir);
  return loadConfig({ workdir, port, dataDir, connectionString });
}

async function start(config: StackConfig, quiet: boolean): Promise<void> {
  const running = readState(config.workdir);
  if (running) {
    throw new ConfigError(
      `supabase-local is already running for ${config.workdir} (pid ${running.pid}) at ${running.url}`,
    );
  }
  const started = Date.now();
  const server = await startServer(config, {
    log: quiet ? undefined : (line) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`),
  });
  const state: State = {
    pid: process.pid,
    url: server.url,
    anonKey: server.anonKey,
    serviceRoleKey: server.serviceRoleKey,
    inboxUrl: server.inboxUrl,
    database: describeDatabase(config),
  };
  mkdirSync(dirname(stateFile(config.workdir)), { recursive: true });
  writeFileSync(stateFile(config.workdir), JSON.stringify(state, null, 2));
  console.log(`supabase-local started in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
  printStatus(state);
  console.log('\nPress Ctrl+C to stop.');
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    try {
      await server.stop();
    } finally {
      rmSync(stateFile(config.workdir), { force: true });
    }
    console.log('Stopped.');
    process.exit(0);
  };
  // A bug in one request must not take the whole stack down.
  process.on('unhandledRejection', (error) => console.error('[supabase-local] unhandled rejection:', error));
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

async function reset(config: StackConfig): Promise<void> {
  const running = readState(config.workdir);
  if (running && !config.connectionString) {
    throw new ConfigError(`supabase-local is running (pid ${running.pid}): stop it before a reset.`);
  }
  if (!config.connectionString && config.dataDir) {
    const dir = config.dataDir;
    // never delete a folder that is not a PGlite data folder (a mistyped --data-dir)
    if (existsSync(dir) && readdirSync(dir).length && !existsSync(join(dir, 'PG_VERSION'))) {
      throw new ConfigError(`${dir} is not a PGlite data folder; not deleting it.`);
    }
    assertDataDirFree(dir);
    rmSync(dir, { recursive: true, force: true });
  }
  // the files of the objects whose metadata goes with the database (only our own layout of hashed folders)
  const files = storageRoot(config);
  if (files && existsSync(files) && readdirSync(files).every((entry) => /^[0-9a-f]{32}$/.test(entry))) {
    rmSync(files, { recursive: true, force: true });
  }
  const db = await openDatabase({ dataDir: config.dataDir, connectionString: config.connectionString });
  try {
    if (config.connectionString) {
      await db.exec(`drop schema if exists public cascade; drop schema if exists storage cascade;
        drop schema if exists auth cascade; drop schema if exists supabase_migrations cascade;
        drop schema if exists _local cascade; create schema public;`);
    }
    await bootstrap(db);
    const result = await migrate(db, config.workdir, { seed: true });
    console.log(`Database reset (${describeDatabase(config)}).`);
    for (const file of result.applied) console.log(`  applied ${file}`);
    console.log(result.seeded ? '  ran supabase/seed.sql' : '  no supabase/seed.sql');
  } finally {
    await db.close();
  }
}

/** Whether `GET <url>/health` answers as a supabase-local server does, within a second. */
async function answersAsSupabaseLocal(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) });
    const body = (await response.json()) as { name?: unknown };
    return response.ok && body.name === 'supabase-local';
  } catch {
    return false;
  }
}

async function status(config: StackConfig): Promise<number> {
  const state = readState(config.workdir);
  if (state) {
    console.log(`supabase-local is running (pid ${state.pid}).\n`);
    printStatus(state);
    return 0;
  }
  const keys = await createKeys(config);
  const url = `http://127.0.0.1:${config.port}`;
  const details = {
    url,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    inboxUrl: `${url}/inbox`,
    database: describeDatabase(config),
  };
  // A stack started from the library (the monorepo's `npm start`, a test) writes no state file: ask the port.
  if (await answersAsSupabaseLocal(url)) {
    console.log(`supabase-local is running at ${url} (started outside this CLI).\n`);
    printStatus(details);
    return 0;
  }
  console.log('supabase-local is not running (start it with `supabase-local start`).\n');
  printStatus(details);
  return 1;
}

export async function main(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        workdir: { type: 'string' },
        port: { type: 'string' },
        'db-url': { type: 'string' },
        'data-dir': { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  const command = parsed.positionals[0];
  if (parsed.values.help || !command) {
    console.log(USAGE);
    return command || parsed.values.help ? 0 : 2;
  }
  try {
    const config = await configFrom(parsed.values);
    if (command === 'start') {
      await start(config, Boolean(parsed.values.quiet));
      return -1; // keep running
    }
    if (command === 'reset') {
      await reset(config);
      return 0;
    }
    if (command === 'status') return await status(config);
    console.error(`Unknown command ${command}\n\n${USAGE}`);
    return 2;
  } catch (error) {
    console.error(`Error: ${explain(error)}`);
    return 1;
  }
}

export function explain(error: unknown): string {
  if (
    error instanceof PortInUseError ||
    error instanceof MigrationError ||
    error instanceof CorruptDataDirError ||
    error instanceof DataDirInUseError ||
    error instanceof ConfigError
  ) {
    return error.message;
  }
  const code = (error as { code?: string }).code;
  if (code === 'ECONNREFUSED') return `Could not connect to the database: ${(error as Error).message}`;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

export function run(argv: string[]): void {
  main(argv).then(
    (code) => {
      if (code >= 0) process.exit(code);
    },
    (error: unknown) => {
      console.error(`Error: ${explain(error)}`);
      process.exit(1);
    },
  );
}

if (process.argv[1] && /[/\\]cli\.ts$/.test(process.argv[1])) run(process.argv.slice(2));
