import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'supabase-local',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
