// The app's map (apps/journal/README.md) as rules the imports keep: `shared/` needs nothing of the app, `data/` only
// `shared/`, an area the shell, the data layer and a few modules other areas name as their public ones; only the shell
// (the routes, the guard, the layouts) composes the areas. And no module imports itself round a circle.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

/** What an area offers the others, and who uses it. Anything else in an area is its own. */
const PUBLIC: Record<string, string> = {
  'import/import-job.ts': 'the import in progress: the shell shows it, the tax page starts a statement import',
  'import/page-import-status.tsx': "the shell's progress line while the import dialog is closed",
  'import/trades-dialogs.tsx': "the trades page's import, opening position and corporate action dialogs",
  'import/rebuild-journal.ts': "the profile's 'rebuild my journal'",
  'calendar/calendar-data.ts': "a day's trades, for the notebook's daily entries",
  'funds/funds-data.ts': 'capital and the fund form, for position sizing and the starting capital in onboarding',
  'gallery/gallery-data.ts': "a screenshot's upload, for the trade form, and a trade's screenshots, for its review",
};

const LAYERS = new Set(['shell', 'data', 'shared']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [relative(SRC, path)] : [];
  });
}

const FILES = sources(SRC);
const isTest = (file: string) => /\.test\.tsx?$|\.fixture\.ts$/.test(file) || file.startsWith('pnl-day/');

/** The app's modules a file imports, `types` included or not (a type-only import makes no circle at run time). */
function importsOf(file: string, { types }: { types: boolean }): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  const specs: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(import|export)\s+(type\s+)?[^'";]*?from\s+'(\.[^']+)'/g)) {
    if (types || !m[2]) specs.push(m[3] as string);
  }
  for (const m of text.matchAll(/import\(\s*'(\.[^']+)'\s*\)/g)) specs.push(m[1] as string);
  return specs.flatMap((spec) => {
    const base = relative(SRC, resolve(SRC, dirname(file), spec));
    const found = [base, `${base}.ts`, `${base}.tsx`].find((candidate) => FILES.includes(candidate));
    return found ? [found] : [];
  });
}

const folderOf = (file: string) => (file.includes('/') ? (file.split('/')[0] as string) : '');

/** Why `file` may not import `target`, or null when it may. */
function breach(file: string, target: string): string | null {
  const from = folderOf(file);
  const to = folderOf(target);
  if (from === to || from === 'shell' || from === '') return null;
  if (from === 'shared') return 'shared/ needs nothing else of the app';
  if (from === 'data') return to === 'shared' ? null : 'the data layer needs only shared/';
  if (to === 'shared' || to === 'data' || to === 'shell') return null;
  return target in PUBLIC ? null : `${target} is ${to}'s own (its public modules are listed in app-map.test.ts)`;
}

describe("the app's map", () => {
  it('holds the areas, the shell, the data layer and shared helpers, with only the entry at the top', () => {
    expect(FILES.filter((f) => !f.includes('/')).sort()).toEqual(['app-map.test.ts', 'main.tsx']);
    expect(Object.keys(PUBLIC).filter((f) => !FILES.includes(f))).toEqual([]);
    expect([...LAYERS].every((layer) => FILES.some((f) => f.startsWith(`${layer}/`)))).toBe(true);
  });

  it("keeps each area to the shell, the data layer and other areas' public modules", () => {
    const breaches = FILES.filter((f) => !isTest(f)).flatMap((file) =>
      importsOf(file, { types: true }).flatMap((target) => {
        const why = breach(file, target);
        return why ? [`${file} → ${target}: ${why}`] : [];
      }),
    );
    expect(breaches).toEqual([]);
  });

  it('has no circle of imports', () => {
    const graph = new Map(FILES.map((f) => [f, importsOf(f, { types: false })]));
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        circles.push([...path.slice(path.indexOf(file)), file].join(' → '));
        return;
      }
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of FILES) visit(file, []);
    expect(circles).toEqual([]);
  });

  it('names what it refuses (the rules themselves)', () => {
    expect(breach('notebook/notebook-page.tsx', 'dashboard/dashboard-data.ts')).toMatch(/dashboard's own/);
    expect(breach('notebook/notebook-data.ts', 'calendar/calendar-data.ts')).toBeNull();
    expect(breach('data/journal-data.ts', 'shell/config.ts')).toMatch(/only shared/);
    expect(breach('shell/app.tsx', 'tax/tax-page.tsx')).toBeNull();
  });
});
