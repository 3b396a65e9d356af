import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The packages published to npm, in dependency order. `runtime`: where their README examples run (browser: bundled
 * into a Vite app; node: compiled and run with plain `node`).
 */
export const PUBLISHED = [
  { name: '@bahi/auth-machine', dir: 'packages/auth-machine', runtime: 'browser' },
  { name: '@bahi/billing', dir: 'packages/billing', runtime: 'browser' },
  { name: '@bahi/supabase-local', dir: 'packages/supabase-local', runtime: 'node' },
] as const;
