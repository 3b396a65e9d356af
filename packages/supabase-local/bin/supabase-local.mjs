#!/usr/bin/env node
// Runs the compiled CLI (dist/cli.js) in this process, so Ctrl+C reaches the server directly. In a checkout without a
// build (the monorepo), it runs src/cli.ts through tsx instead, when tsx is installed.
import { existsSync } from 'node:fs';

const compiled = new URL('../dist/cli.js', import.meta.url);
let cli;
if (existsSync(compiled)) {
  cli = await import(compiled.href);
} else {
  let register;
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch {
    console.error(
      'supabase-local: dist/ is missing. Run `npm run build` in the package (or install tsx to run the source).',
    );
    process.exit(1);
  }
  register();
  cli = await import(new URL('../src/cli.ts', import.meta.url).href);
}
cli.run(process.argv.slice(2));
