import { defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  // The sandbox checkout's tests check its page against @bahi/billing (a dev dependency), from its sources.
  ssr: { resolve: { conditions: ['@bahi/source', ...defaultServerConditions] } },
  test: {
    name: 'supabase-local',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Generous: the suite must pass on a loaded machine (a PGlite boots and migrates in a few seconds when quiet).
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
