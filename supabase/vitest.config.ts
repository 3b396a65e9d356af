import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  // Workspace packages resolve to their TypeScript sources (the `@bahi/source` export condition), not to dist.
  resolve: { conditions: ['@bahi/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@bahi/source', ...defaultServerConditions] } },
  // So that `npx vitest run --config supabase/vitest.config.ts` from the repository root finds the tests too.
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'supabase',
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    // Generous: the suite must pass on a loaded machine (a PGlite boots and migrates in a few seconds when quiet).
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
