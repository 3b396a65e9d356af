// The suggestions PostgREST's own doctests give (noRpcHint and noRelBetweenHint in src/PostgREST/Error.hs) and the
// fuzzyset package's README example, through closestEntry.
import { describe, expect, it } from 'vitest';
import { closestEntry } from './fuzzy-set.ts';

const list = (names: string[]) => `(${[...names].sort().join(', ')})`;

describe('closestEntry', () => {
  it('suggests function and table names as PostgREST does', () => {
    expect(closestEntry(['test', 'another'], 'testt')).toBe('test');
    expect(closestEntry(['test', 'another'], 'other')).toBe('another');
    expect(closestEntry(['test', 'another'], 'noclosealternative')).toBeUndefined();
    expect(closestEntry(['films'], 'film')).toBe('films');
    expect(closestEntry(['directors', 'roles', 'actors'], 'role')).toBe('roles');
    expect(closestEntry(['directors', 'roles', 'actors'], 'noclosealternative')).toBeUndefined();
    expect(closestEntry(['Jurassic Park', 'Terminator', 'The Matrix'], 'percolator')).toBe('Terminator');
  });

  it('suggests parameter lists as PostgREST does', () => {
    const overloads = [list(['val', 'param', 'name']), list(['id', 'attr'])];
    expect(closestEntry(overloads, list(['vall', 'pqaram', 'nam']))).toBe('(name, param, val)');
    expect(closestEntry(overloads, list(['val', 'param']))).toBe('(name, param, val)');
    expect(closestEntry(overloads, list(['id', 'attrs']))).toBe('(attr, id)');
    expect(closestEntry(overloads, list(['id']))).toBe('(attr, id)');
    expect(closestEntry(overloads, list(['noclosealternative']))).toBeUndefined();
    // RpcSpec.hs: a text/csv body with columns a, b is pointed to (x, y)
    expect(closestEntry([list(['x', 'y'])], list(['a', 'b']))).toBe('(x, y)');
    // nothing shared: no gram of "()" is in "(a, b)", though their edit distance is small
    expect(closestEntry([list(['a', 'b'])], list([]))).toBeUndefined();
  });
});
