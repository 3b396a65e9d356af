import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'auth-machine',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
