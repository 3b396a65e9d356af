import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'journal',
    include: ['src/**/*.test.{ts,tsx}', 'hosting/**/*.test.ts'],
    environment: 'node',
  },
});
