import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/from\s+'([^']+)'/g)].map((match) => match[1] ?? '');
}

describe('package boundaries', () => {
  const files = sourceFiles(SRC).map((file) => ({ file: relative(SRC, file), imports: importsOf(file) }));

  it('finds the source files', () => {
    expect(files.map((f) => f.file)).toEqual(
      expect.arrayContaining(['index.ts', 'react/index.ts', 'supabase/index.ts', 'machines/session.ts']),
    );
  });

  it('imports React only under src/react', () => {
    const offenders = files.filter(
      ({ file, imports }) =>
        !file.startsWith('react/') && imports.some((i) => i === 'react' || i.startsWith('@xstate/react')),
    );
    expect(offenders).toEqual([]);
  });

  it('imports supabase-js only under src/supabase', () => {
    const offenders = files.filter(
      ({ file, imports }) => !file.startsWith('supabase/') && imports.some((i) => i.startsWith('@supabase/')),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps test helpers out of the shipped code', () => {
    const offenders = files.filter(
      ({ file, imports }) =>
        file !== 'test-support.ts' && imports.some((i) => i === 'vitest' || i.endsWith('test-support')),
    );
    expect(offenders).toEqual([]);
  });
});
