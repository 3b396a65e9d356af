import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  // Workspace packages resolve to their TypeScript sources (the `@bahi/source` export condition), not to dist.
  resolve: { conditions: ['@bahi/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@bahi/source', ...defaultServerConditions] } },
  test: {
    name: 'ui',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Generous: the suite must pass on a loaded machine (a PGlite boots and migrates in a few seconds when quiet).
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
