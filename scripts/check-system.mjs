// Run before the tests: name any system part the tests need but cannot install themselves.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findPostgresBin, MISSING_POSTGRES } from './postgres-cluster.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const missing = [];
if (!existsSync(chromium)) {
  missing.push(
    `Chromium was not found at ${chromium}. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) ` +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
}
// The `supabase-pg` project runs the SQL security tests on a throwaway PostgreSQL 15 cluster.
if (!findPostgresBin()) missing.push(MISSING_POSTGRES);
// The stories' screenshot baselines were made with Debian 12's fonts, which text falls back to where Inter has no glyph.
const fonts = spawnSync('fc-list', ['--format', '%{family}\\n'], { encoding: 'utf8' });
const fontFamilies = fonts.status === 0 ? fonts.stdout : '';
const missingFonts = ['DejaVu Sans', 'Liberation'].filter((family) => !fontFamilies.includes(family));
if (missingFonts.length > 0) {
  missing.push(
    `The fonts the screenshot baselines were made with are missing (${missingFonts.join(', ')}). Install them ` +
      '(Debian/Ubuntu: sudo apt-get install -y fonts-dejavu-core fonts-dejavu-extra fonts-liberation).',
  );
}
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  missing.push(`Node ${process.versions.node} is too old: use Node 20.19 or newer.`);
}
if (missing.length > 0) {
  console.error(`The tests cannot run yet:\n${missing.map((m) => `  - ${m}`).join('\n')}`);
  process.exit(1);
}
