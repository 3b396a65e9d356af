#!/usr/bin/env node
// Runs src/cli.ts through tsx, in this process (so Ctrl+C reaches the server directly).
import { register } from 'tsx/esm/api';

register();
const { run } = await import('../src/cli.ts');
run(process.argv.slice(2));
