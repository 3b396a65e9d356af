#!/usr/bin/env node
// Rewrites the stories' screenshot baselines (.storybook/visual-regression.ts): runs the Storybook project with
// `--update`, which rewrites every screenshot that no longer matches and writes the missing ones; unchanged ones keep
// their bytes, so git shows only what changed. With no arguments (every story ran, and passed) it also deletes the
// baselines no story uses any more. Arguments go to vitest: `npm run test:visual:update -- <story file>`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// As BASELINES_DIR in .storybook/visual-regression.config.ts.
const baselinesDir = '.storybook/visual-baselines';
const filters = process.argv.slice(2);
const report = path.join(tmpdir(), `bahi-visual-update-${process.pid}.json`);

const run = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'storybook',
    '--update',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...filters,
  ],
  { stdio: 'inherit' },
);
if (run.status !== 0) {
  console.error('\nSome stories failed for other reasons than their looks: fix them, then update again.');
  process.exit(run.status ?? 1);
}
if (filters.length > 0) process.exit(0);

// Every baseline a story used in this run, as `<component>/<story>-<theme>-<width>`.
const used = new Set();
for (const file of JSON.parse(readFileSync(report, 'utf8')).testResults) {
  for (const test of file.assertionResults) for (const name of test.meta?.visualBaselines ?? []) used.add(name);
}
rmSync(report);

const removed = [];
for (const folder of existsSync(baselinesDir) ? readdirSync(baselinesDir) : []) {
  const folderPath = path.join(baselinesDir, folder);
  for (const file of readdirSync(folderPath)) {
    if (!used.has(`${folder}/${file.replace(/\.png$/, '')}`)) {
      rmSync(path.join(folderPath, file));
      removed.push(`${folder}/${file}`);
    }
  }
  if (readdirSync(folderPath).length === 0) rmdirSync(folderPath);
}
console.log(
  removed.length > 0
    ? `Removed ${removed.length} baselines no story uses:\n  ${removed.join('\n  ')}`
    : 'No unused baselines.',
);
