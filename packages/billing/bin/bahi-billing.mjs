#!/usr/bin/env node
// Runs the compiled CLI (dist/cli.js): `bahi-billing init` writes the billing migration and the razorpay function
// into a Supabase project.
import { existsSync } from 'node:fs';

const compiled = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(compiled)) {
  console.error('bahi-billing: dist/ is missing. Run `npm run build` in the package.');
  process.exit(1);
}
const cli = await import(compiled.href);
cli.run(process.argv.slice(2));
