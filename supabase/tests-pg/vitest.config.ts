import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';

// The SQL security tests again, on a real PostgreSQL 15 (the major version hosted Supabase runs) instead of
// PGlite: one throwaway cluster for the whole run (global-setup.ts), one fresh database per test file.
const supabaseDir = fileURLToPath(new URL('..', import.meta.url));

export default defineProject({
  // Workspace packages resolve to their TypeScript sources (the `@bahi/source` export condition), not to dist.
  resolve: { conditions: ['@bahi/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@bahi/source', ...defaultServerConditions] } },
  // The supabase/ folder, so that the include paths below name the same files as the `supabase` project's (`dir`
  // too: as one of the root config's projects, the root is this config's folder whatever `root` says).
  root: supabaseDir,
  test: {
    name: 'supabase-pg',
    dir: supabaseDir,
    include: [
      'tests-pg/**/*.test.ts',
      'tests/rls.test.ts',
      'tests/rpcs.test.ts',
      'tests/import-trades.test.ts',
      'tests/rebuild-trades.test.ts',
      'tests/corporate-actions.test.ts',
      'tests/tax-pnl.test.ts',
      'tests/migrations.test.ts',
      'tests/lints.test.ts',
      'tests/entitlement.test.ts',
      'tests/dp-charge-from.test.ts',
      'tests/journal-reads.test.ts',
      'tests/stack.e2e.test.ts',
      'functions/razorpay/activation.sql.test.ts',
    ],
    globalSetup: [fileURLToPath(new URL('global-setup.ts', import.meta.url))],
    environment: 'node',
    // Generous: the suite must pass on a loaded machine (a PGlite boots and migrates in a few seconds when quiet).
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
