// Which function an RPC call means, by PostgREST's rules: the argument names must cover every parameter without a
// default and name no other; failing that, a POST whose body suits a single unnamed parameter (json/jsonb for a
// JSON body, text for text/plain, xml for text/xml, bytea for application/octet-stream) passes the whole body.
import { RestError, restError } from './errors.ts';
import { closestEntry } from './fuzzy-set.ts';
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
function takesWholeBody(fn: PgFunction, call: Pick<Call, 'post' | 'kind'>): boolean {
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
  // PostgREST's noRpcHint (src/PostgREST/Error.hs): among the overloads, the closest list of parameter names;
  // with no function of that name, the closest function name in the schema; none for a text, xml or bytea body
  const list = (names: string[]) => `(${[...names].sort().join(', ')})`;
  const best = onlyBody
    ? undefined
    : candidates.length
      ? closestEntry(
          candidates.map((fn) => list(fn.args.map((a) => a.name))),
          list(keys),
        )
      : closestEntry(schemaFunctions, call.name);
  const hint = best
    ? `Perhaps you meant to call the function ${call.schema}.${candidates.length ? call.name : ''}${best}`
    : null;
  return restError(
    404,
    'PGRST202',
    `Could not find the function ${func}${onlyBody ? '' : keys.length ? `(${keys.join(', ')})` : ' without parameters'} in the schema cache`,
    `Searched for the function ${func}${searched}, but no matches were found in the schema cache.`,
    hint,
  );
}
