import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  // So that `npx vitest run --config supabase/vitest.config.ts` from the repository root finds the tests too.
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'supabase',
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    // One PGlite per file: booting it and applying the migrations and seed takes a few seconds.
    hookTimeout: 60_000,
    testTimeout: 20_000,
  },
});
