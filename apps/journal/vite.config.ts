import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { hostingHeaders } from './hosting/plugin.ts';
import { AppConfigError, readAppConfig } from './src/app-config.ts';

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

export default defineConfig({
  // hostingHeaders writes dist/_headers and dist/vercel.json (CSP, caching) from the same VITE_* settings.
  plugins: [react(), tailwindcss(), checkAppConfig(), hostingHeaders()],
  server: { port: 5173, strictPort: true },
  preview: { port: 5173, strictPort: true },
});
