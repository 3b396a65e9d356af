import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'billing',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
