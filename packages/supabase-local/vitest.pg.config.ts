import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// The data API and Realtime tests again on a real PostgreSQL 15 (the major version hosted Supabase runs) instead of
// PGlite: one throwaway cluster for the run, started by the `supabase-pg` project's global setup.
export default defineProject({
  test: {
    name: 'supabase-local-pg',
    include: ['src/rest/data-api.test.ts', 'src/realtime/realtime.test.ts'],
    globalSetup: [fileURLToPath(new URL('../../supabase/tests-pg/global-setup.ts', import.meta.url))],
    environment: 'node',
    // Generous: the suite must pass on a loaded machine (a PGlite boots and migrates in a few seconds when quiet).
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
