import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// The published packages as their users get them: API reports, and the tarballs in a fresh Vite react-ts app.
// Both need the packages built; global-setup.ts builds them once, before either test file runs.
export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'publish',
    include: ['*.test.ts'],
    environment: 'node',
    globalSetup: ['global-setup.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
