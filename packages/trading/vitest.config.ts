import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'trading',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
