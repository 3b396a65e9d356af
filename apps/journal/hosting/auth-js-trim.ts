// Builds of the app leave auth-js's WebAuthn code out (passkeys and WebAuthn factors), on every page that signs in
// (issue 28). GoTrueClient imports it and builds its WebAuthn API when it is created, so no bundler can drop it; this
// plugin resolves that import of auth-js's own modules to src/data/auth-js-unused.ts, whose stand-ins construct and
// whose methods throw. The app signs in with a password and a TOTP factor. (The admin API stays: sign-out goes
// through it.) The e2e suite runs every sign-in flow on the built app.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const UNUSED = fileURLToPath(new URL('../src/data/auth-js-unused.ts', import.meta.url));
/** auth-js's own modules, as the package lays them out (2.119). */
const AUTH_JS = /[\\/]@supabase[\\/]auth-js[\\/]dist[\\/]module[\\/]/;
const LEFT_OUT = new Set(['./lib/webauthn', './lib/webauthn.js']);

export function trimAuthJs(): Plugin {
  return {
    name: 'bahi:trim-auth-js',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && AUTH_JS.test(importer) && LEFT_OUT.has(source)) return UNUSED;
      return null;
    },
  };
}
