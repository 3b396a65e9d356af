import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  // So that `npx vitest run --config supabase/functions/vitest.config.ts` from the repository root finds the tests.
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'functions',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    environment: 'node',
  },
});
