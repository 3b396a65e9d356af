// The "Perhaps you meant …" suggestions of PostgREST's errors come from the Haskell `fuzzyset` package (0.2, the
// version PostgREST builds with): entries and the query are lowercased, stripped of all but letters, digits, spaces
// and commas, wrapped in hyphens and cut into 3-grams (then 2-grams when no 3-gram is shared); the entries sharing
// grams are ranked by cosine similarity, the best 50 re-scored by normalised Levenshtein similarity of the lowercased
// strings, and the best one scoring at least 0.33 is the suggestion. A plain edit-distance ratio suggests where
// PostgREST does not: `()` and `(a, b)` share no gram, so PostgREST has no suggestion for them.

const GRAM_SIZES = [3, 2];
const MIN_SCORE = 0.33;

function normalized(value: string): string {
  return value.toLowerCase().replace(/[^\p{L}\p{N}\s,]/gu, '');
}

function gramVector(value: string, size: number): Map<string, number> {
  const chars = [...`-${normalized(value)}-`];
  const grams = new Map<string, number>();
  for (let i = 0; i + size <= chars.length; i++) {
    const gram = chars.slice(i, i + size).join('');
    grams.set(gram, (grams.get(gram) ?? 0) + 1);
  }
  return grams;
}

const magnitude = (vector: Map<string, number>) => Math.sqrt([...vector.values()].reduce((s, n) => s + n * n, 0));

/** Levenshtein similarity, 1 − distance / longer length (text-metrics' `levenshteinNorm`). */
function similarity(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const longer = Math.max(x.length, y.length);
  if (!longer) return 1;
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
    }
    previous = current;
  }
  return 1 - (previous[y.length] as number) / longer;
}

/** `Fuzzy.getOne (Fuzzy.fromList entries) query`: the entry PostgREST would suggest for `query`, if any. */
export function closestEntry(entries: Iterable<string>, query: string): string | undefined {
  const exact = new Map<string, string>();
  for (const entry of entries) if (!exact.has(entry.toLowerCase())) exact.set(entry.toLowerCase(), entry);
  const key = query.toLowerCase();
  const same = exact.get(key);
  if (same !== undefined) return same;
  for (const size of GRAM_SIZES) {
    const wanted = gramVector(key, size);
    const wantedMagnitude = magnitude(wanted);
    const ranked: { score: number; entry: string }[] = [];
    for (const entry of exact.keys()) {
      const grams = gramVector(entry, size);
      let shared = 0;
      for (const [gram, count] of wanted) shared += count * (grams.get(gram) ?? 0);
      if (shared) ranked.push({ score: shared / (wantedMagnitude * magnitude(grams)), entry });
    }
    if (!ranked.length) continue;
    ranked.sort((a, b) => b.score - a.score);
    const rescored = ranked
      .slice(0, 50)
      .map(({ entry }) => ({ score: similarity(key, entry), entry }))
      .sort((a, b) => b.score - a.score)
      .filter((r) => r.score >= MIN_SCORE);
    // fuzzyset takes the first gram size whose results, after the 0.33 cut, are not empty
    if (rescored.length) return exact.get((rescored[0] as { entry: string }).entry);
  }
  return undefined;
}
