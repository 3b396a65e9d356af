#!/usr/bin/env node
// Visual review on Chromatic. Without CHROMATIC_PROJECT_TOKEN there is nothing to upload to: say so and succeed
// without touching the network (the Chromatic CLI would otherwise hang on a closed network).
import { spawnSync } from 'node:child_process';

if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  console.log(
    [
      'chromatic: CHROMATIC_PROJECT_TOKEN is not set, so no snapshots were uploaded.',
      'Set it to the project token from chromatic.com (Manage → Configure) to publish Storybook and run visual tests:',
      '  CHROMATIC_PROJECT_TOKEN=chpt_… npm run chromatic',
      'Settings live in chromatic.config.json; the stories themselves run locally with `npx vitest run --project storybook`.',
    ].join('\n'),
  );
  process.exit(0);
}

const result = spawnSync('npx', ['chromatic', '--config-file', 'chromatic.config.json', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: process.env,
});
process.exit(result.status ?? 1);
