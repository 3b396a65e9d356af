import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { visualRegressionDefaults } from './.storybook/visual-regression.config.ts';

const dirname = path.dirname(fileURLToPath(import.meta.url));

// One project per package (unit tests in Node) plus browser projects that packages add
// themselves (Storybook stories in Chromium). `npm test` runs them all.
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'supabase/**/vitest.config.ts',
      // supabase-local's data API and Realtime tests on a real PostgreSQL 15 (the `supabase-pg` project's cluster).
      'packages/supabase-local/vitest.pg.config.ts',
      // The published packages as users get them (API reports, tarballs in a new Vite app): slow, builds first.
      'tests/*/vitest.config.ts',
      // Every story in .storybook/main.ts runs as a test in Debian Chromium, with its play function and an axe check.
      {
        plugins: [storybookTest({ configDir: path.join(dirname, '.storybook') })],
        // Workspace packages from their sources (the `@bahi/source` export condition; .storybook/main.ts sets it too).
        resolve: { conditions: ['@bahi/source', ...defaultClientConditions] },
        test: {
          name: 'storybook',
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: {
                executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
                args: [
                  '--no-sandbox',
                  '--disable-gpu',
                  '--disable-dev-shm-usage',
                  '--disable-background-networking',
                  '--disable-component-update',
                  '--no-first-run',
                ],
              },
            }),
            instances: [{ browser: 'chromium' }],
            // Screenshot comparison: baselines in .storybook/visual-baselines, tolerance, where diffs go.
            expect: { toMatchScreenshot: visualRegressionDefaults },
          },
          setupFiles: ['.storybook/vitest.setup.ts'],
        },
      },
    ],
  },
});
