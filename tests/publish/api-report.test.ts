// Each published package's public API is reviewed in its API report (packages/<name>/etc/*.api.md). API Extractor
// in check mode fails when the built declarations no longer match the committed report: a change of public API must
// come with `npm run api-report` and the updated report in the same change.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLISHED, repoRoot } from './packages.ts';

const apiExtractor = join(repoRoot, 'node_modules/.bin/api-extractor');

describe.each(PUBLISHED)('$name', ({ dir }) => {
  const packageDir = join(repoRoot, dir);
  const configs = readdirSync(packageDir).filter((f) => /^api-extractor(\.[\w-]+)?\.json$/.test(f));

  it('has an API Extractor config', () => {
    expect(configs.length).toBeGreaterThan(0);
  });

  it.each(configs)('%s: the public API matches the committed report', (config) => {
    let output = '';
    try {
      output = execFileSync(apiExtractor, ['run', '-c', config], { cwd: packageDir, encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      throw new Error(
        `The public API of ${dir} changed (${config}). Review it, then run \`npm run api-report\` and commit ` +
          `the updated etc/*.api.md.\n${stdout ?? ''}${stderr ?? ''}`,
      );
    }
    expect(output).toContain('API Extractor completed successfully');
  });
});
