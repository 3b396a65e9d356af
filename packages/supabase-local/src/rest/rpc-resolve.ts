// Which function an RPC call means, by PostgREST's rules: the argument names must cover every parameter without a
// default and name no other; failing that, a POST whose body suits a single unnamed parameter (json/jsonb for a
// JSON body, text for text/plain, xml for text/xml, bytea for application/octet-stream) passes the whole body.
import { RestError, restError } from './errors.ts';
import type { PgFunction } from './schema.ts';

/** What a POST body is, by its Content-Type. */
export type BodyKind = 'json' | 'text' | 'xml' | 'bytea';

const SINGLE_TYPES: Record<BodyKind, string[]> = {
  json: ['json', 'jsonb'],
  text: ['text'],
  xml: ['xml'],
  bytea: ['bytea'],
};

export function bodyKind(contentType: string | null): BodyKind {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  if (type === 'text/plain') return 'text';
  if (type === 'text/xml') return 'xml';
  if (type === 'application/octet-stream') return 'bytea';
  return 'json';
}

export interface Call {
  schema: string;
  name: string;
  /** The argument names given (body keys, or query parameters for GET). */
  keys: string[];
  post: boolean;
  kind: BodyKind;
}

/** The parameter names match: each one without a default given, nothing else given. */
function matchesParams(fn: PgFunction, keys: Set<string>, call: Call): boolean {
  if (!fn.args.length) return keys.size === 0 && !(call.post && call.kind !== 'json');
  const required = new Set(fn.args.filter((a) => !a.hasDefault).map((a) => a.name));
  const optional = new Set(fn.args.filter((a) => a.hasDefault).map((a) => a.name));
  const rest = [...keys].filter((k) => !optional.has(k));
  return rest.length === required.size && rest.every((k) => required.has(k));
}

/** Whether `fn` takes the whole body as its one unnamed parameter. */
export function takesWholeBody(fn: PgFunction, call: Pick<Call, 'post' | 'kind'>): boolean {
  const [only] = fn.args;
  return call.post && fn.args.length === 1 && !only?.name && SINGLE_TYPES[call.kind].includes(only?.type ?? '');
}

/** The function `call` names among `candidates` (its overloads), or PostgREST's PGRST202 / PGRST203. */
export function resolveFunction(call: Call, candidates: PgFunction[], schemaFunctions: string[]): PgFunction {
  const keys = new Set(call.keys);
  const byParams = candidates.filter((fn) => matchesParams(fn, keys, call));
  const byBody = candidates.filter((fn) => !byParams.includes(fn) && takesWholeBody(fn, call));
  const found = byParams.length ? byParams : byBody;
  if (found.length === 1) return found[0] as PgFunction;
  if (found.length > 1) {
    const signature = (fn: PgFunction) =>
      `${fn.schema}.${fn.name}(${fn.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`;
    throw new RestError(300, {
      code: 'PGRST203',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      message: `Could not choose the best candidate function between: ${found.map(signature).join(', ')}`,
    });
  }
  throw noFunction(call, candidates, schemaFunctions);
}

function noFunction(call: Call, candidates: PgFunction[], schemaFunctions: string[]): RestError {
  const func = `${call.schema}.${call.name}`;
  const keys = [...new Set(call.keys)].sort();
  const onlyBody = call.post && call.kind !== 'json';
  const withParams = keys.length
    ? ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`
    : ' without parameters';
  const searched = !call.post
    ? withParams
    : call.kind === 'json'
      ? `${withParams} or with a single unnamed json/jsonb parameter`
      : ` with a single unnamed ${call.kind} parameter`;
  let hint: string | null = null;
  if (!onlyBody) {
    const list = (names: string[]) => `(${[...names].sort().join(', ')})`;
    const best = candidates.length
      ? closest(
          list(keys),
          candidates.map((fn) => list(fn.args.map((a) => a.name))),
          0.33,
        )
      : closest(call.name, schemaFunctions, 0.75);
    if (best)
      hint = `Perhaps you meant to call the function ${call.schema}.${candidates.length ? call.name : ''}${best}`;
  }
  return restError(
    404,
    'PGRST202',
    `Could not find the function ${func}${onlyBody ? '' : keys.length ? `(${keys.join(', ')})` : ' without parameters'} in the schema cache`,
    `Searched for the function ${func}${searched}, but no matches were found in the schema cache.`,
    hint,
  );
}

/** The most similar of `options` to `word` (Levenshtein ratio, as PostgREST's fuzzy set scores), if close enough. */
function closest(word: string, options: string[], minScore: number): string | undefined {
  let best: { option: string; score: number } | undefined;
  for (const option of new Set(options)) {
    const a = word.toLowerCase();
    const b = option.toLowerCase();
    const score = 1 - levenshtein(a, b) / Math.max(a.length, b.length, 1);
    if (score >= minScore && (!best || score > best.score)) best = { option, score };
  }
  return best?.option;
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
    }
    previous = current;
  }
  return previous[b.length] as number;
}
