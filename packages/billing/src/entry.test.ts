import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

/** Every module specifier reachable from `entry` through relative imports. */
function reachableImports(entry: string): { files: Set<string>; bare: Set<string> } {
  const files = new Set<string>();
  const bare = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'/gm)) {
      const spec = match[1]!;
      if (!spec.startsWith('.')) {
        bare.add(spec);
        continue;
      }
      const base = resolve(dirname(file), spec);
      const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`];
      const found = candidates.find((c) => {
        try {
          readFileSync(c);
          return true;
        } catch {
          return false;
        }
      });
      if (!found) throw new Error(`cannot resolve ${spec} from ${file}`);
      visit(found);
    }
  };
  visit(entry);
  return { files, bare };
}

describe('package entries', () => {
  it("@bahi/billing imports neither React nor supabase-js (the access rule comes from auth-machine's pure root)", () => {
    const { bare } = reachableImports(resolve(here, 'index.ts'));
    expect([...bare].sort()).toEqual(['@bahi/auth-machine', 'xstate']);
  });

  it('@bahi/billing/supabase adds only supabase-js', () => {
    const { bare } = reachableImports(resolve(here, 'supabase/index.ts'));
    expect([...bare].sort()).toEqual(['@supabase/supabase-js']);
  });

  it('@bahi/billing/react adds only React and @xstate/react', () => {
    const { bare } = reachableImports(resolve(here, 'react/index.ts'));
    expect([...bare].sort()).toEqual(['@xstate/react', 'react', 'xstate']);
  });
});
