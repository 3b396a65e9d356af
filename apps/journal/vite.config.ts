import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, loadEnv, type Plugin } from 'vite';
import { trimAuthJs } from './hosting/auth-js-trim.ts';
import { preloadFont } from './hosting/font-preload.ts';
import { hostingHeaders } from './hosting/plugin.ts';
import { AppConfigError, readAppConfig } from './src/shared/app-config.ts';

/** Stops `vite` and `vite build` with the list of bad settings instead of shipping a blank page. */
function checkAppConfig(): Plugin {
  return {
    name: 'bahi:check-app-config',
    configResolved(config) {
      try {
        readAppConfig(loadEnv(config.mode, config.envDir || config.root, 'VITE_'));
      } catch (error) {
        if (error instanceof AppConfigError) {
          config.logger.error(`\n${error.message}\nSet them in apps/journal/.env.local or the environment.\n`);
          process.exit(1);
        }
        throw error;
      }
    },
  };
}

// The app runs on Preact's React-compatible runtime: the same components (Storybook and the ui tests run them on
// React) for about 60 KB less gzip JavaScript on every page, with the whole e2e suite passing on it. React Router
// probes for React 19's useOptimistic and falls back without it. In development, an edited module reloads the page:
// React's fast refresh cannot update Preact components.
const preactInPlaceOfReact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

// React Router's package exports name only its development build (with its warnings and checks); the production build
// ships beside it in the package, and builds use it: 0.5 KB less gzip on every page.
const reactRouterDist = join(
  dirname(fileURLToPath(import.meta.resolve('react-router/package.json'))),
  'dist',
  'production',
);
const reactRouterProduction = [
  { find: /^react-router$/, replacement: join(reactRouterDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterDist, 'dom-export.mjs') },
];

export default defineConfig(({ command }) => ({
  // Our packages' TypeScript source (their `@bahi/source` export condition), so the app needs no package build.
  resolve: {
    alias: [...preactInPlaceOfReact, ...(command === 'build' ? reactRouterProduction : [])],
    conditions: ['@bahi/source', ...defaultClientConditions],
  },
  // hostingHeaders writes dist/_headers and dist/vercel.json (CSP, caching) from the same VITE_* settings.
  // preloadFont links Inter's one woff2 file from index.html, so it downloads with the scripts. trimAuthJs leaves
  // auth-js's WebAuthn code out of builds.
  plugins: [
    react({ refreshExclude: /./ }),
    tailwindcss(),
    checkAppConfig(),
    hostingHeaders(),
    preloadFont(),
    trimAuthJs(),
  ],
  build: {
    rolldownOptions: {
      // A small module shared by two pages is copied into each rather than made a chunk of its own: /dashboard came
      // in 49 files (single icons of 0.5 KB among them) and now comes in 13, for the same bytes. On a phone's
      // connection each request waits its turn for one of the browser's few connections, so that was the largest
      // part of the signed-in page's Lighthouse time (issue 15). Copying needs every module to run in source order
      // whichever chunk holds it, which Rolldown then guarantees (`strictExecutionOrder`), and no exports kept on the
      // entry, which has none anyone imports.
      preserveEntrySignatures: false,
      output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 16 * 1024 } } },
      onwarn(warning, warn) {
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
        warn(warning);
      },
    },
  },
  // The import worker (src/import/import.worker.ts) is an ES module worker, like the pages' chunks.
  worker: { format: 'es' },
  server: { port: 5173, strictPort: true },
  preview: { port: 5173, strictPort: true },
}));
