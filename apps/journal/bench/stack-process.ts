// The local stack in a process of its own, for the benches (harness.ts's startStack forks it): the settings come in
// BENCH_STACK; it answers 'ready' with the URL and keys, runs SQL as the database owner on request, and stops on
// 'stop' or when the bench goes away. PGlite's WebAssembly is optimized, as under `npm start` (scripts/start.mjs).
import { loadConfig, startServer } from '@bahi/supabase-local';

process.env.SUPABASE_LOCAL_WASM_TIERUP ??= '1';

const options = JSON.parse(process.env.BENCH_STACK ?? '{}') as {
  workdir: string;
  port: number;
  siteUrl: string;
  connectionString?: string;
};
const send = (message: unknown) => process.send?.(message);

try {
  const config = await loadConfig({
    workdir: options.workdir,
    port: options.port,
    connectionString: options.connectionString,
  });
  config.auth.siteUrl = options.siteUrl;
  const stack = await startServer(config);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await stack.stop().catch(() => undefined);
    process.exit(0);
  };
  process.on('message', (m: { type: string; id?: number; query?: string; params?: unknown[] }) => {
    if (m.type === 'stop') void stop();
    if (m.type !== 'sql' || m.query === undefined) return;
    stack.db.query(m.query, m.params ?? []).then(
      (result) => send({ id: m.id, rows: result.rows }),
      (error: unknown) => send({ id: m.id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
  process.on('disconnect', () => void stop());
  send({ type: 'ready', url: stack.url, anonKey: stack.anonKey, serviceRoleKey: stack.serviceRoleKey });
} catch (error) {
  send({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}
