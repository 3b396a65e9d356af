// /rest/v1: a PostgREST-compatible data API over the local database.
import { jsonTooDeep, MAX_JSON_DEPTH } from '../json-depth.ts';
import type { Claims, Database, Keys, Queryable } from '../types.ts';
import { fromPgError, notEmbeddedError, RestError, restError } from './errors.ts';
import {
  csvBody,
  explainSql,
  JSON_TYPE,
  jsonContentType,
  type Media,
  negotiate,
  planResponse,
  rowsSql,
} from './media.ts';
import {
  type Condition,
  OPERATORS,
  parseField,
  parseFilter,
  parseLogic,
  parseOrder,
  parseSelect,
  type SelectItem,
} from './parse.ts';
import { Builder, emptyScope, ident, qualified, type Scope } from './query.ts';
import { type BodyKind, bodyKind, type Call, resolveFunction } from './rpc-resolve.ts';
import { type Column, key, loadSchemaCache, type PgFunction, type SchemaCache, type Table } from './schema.ts';

export interface RestOptions {
  db: Database;
  keys: Keys;
  /** Exposed schemas; the first is the default. */
  schemas: string[];
  maxRows?: number;
  /** The deepest JSON nesting accepted in a body (default {@link MAX_JSON_DEPTH}). */
  maxJsonDepth?: number;
}

export interface RestService {
  handle(req: Request): Promise<Response>;
  /** Re-reads the schema cache (after migrations or DDL). */
  reload(): Promise<void>;
}

const ALLOWED_ROLES = new Set(['anon', 'authenticated', 'service_role']);
const RESERVED = new Set([
  'select',
  'order',
  'limit',
  'offset',
  'columns',
  'on_conflict',
  'or',
  'and',
  'not.or',
  'not.and',
]);

interface Prefer {
  return?: 'representation' | 'minimal' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  tx?: 'commit' | 'rollback';
  maxAffected?: number;
  handling?: 'strict' | 'lenient';
  params?: string;
}

function parsePrefer(header: string | null): Prefer {
  const prefer: Prefer = {};
  for (const part of (header ?? '').split(',')) {
    const [name, value] = part
      .trim()
      .split('=')
      .map((s) => s.trim());
    if (!name || !value) continue;
    if (name === 'return' && ['representation', 'minimal', 'headers-only'].includes(value)) {
      prefer.return = value as Prefer['return'];
    } else if (name === 'count' && ['exact', 'planned', 'estimated'].includes(value)) {
      prefer.count = value as Prefer['count'];
    } else if (name === 'resolution' && ['merge-duplicates', 'ignore-duplicates'].includes(value)) {
      prefer.resolution = value as Prefer['resolution'];
    } else if (name === 'missing' && (value === 'default' || value === 'null')) prefer.missing = value;
    else if (name === 'tx' && (value === 'commit' || value === 'rollback')) prefer.tx = value;
    else if (name === 'max-affected' && /^\d+$/.test(value)) prefer.maxAffected = Number(value);
    else if (name === 'handling' && (value === 'strict' || value === 'lenient')) prefer.handling = value;
    else if (name === 'params') prefer.params = value;
  }
  return prefer;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': JSON_TYPE, ...headers } });

export function errorResponse(error: RestError): Response {
  return json(error.status, error.body, error.headers);
}

function nonNegativeInt(name: string, value: string): number {
  if (!/^\d+$/.test(value)) {
    throw restError(400, 'PGRST100', `"failed to parse ${name} parameter (${value})" (line 1, column 1)`);
  }
  return Number(value);
}

interface ParsedQuery {
  select: SelectItem[];
  scope: Scope;
  columns?: string[];
  onConflict?: string[];
}

/** Sorts query parameters into the select list and per-embed scopes of filters, order and paging. */
function parseQuery(params: URLSearchParams, skip: Set<string> = new Set()): ParsedQuery {
  const root = emptyScope();
  const scopeAt = (path: string[]): Scope => {
    let scope = root;
    for (const name of path) {
      let child = scope.children.get(name);
      if (!child) {
        child = emptyScope();
        scope.children.set(name, child);
      }
      scope = child;
    }
    return scope;
  };
  let select: SelectItem[] = [];
  let columns: string[] | undefined;
  let onConflict: string[] | undefined;
  for (const [k, value] of params) {
    if (skip.has(k)) continue;
    if (k === 'select') {
      select = parseSelect(value);
      continue;
    }
    if (k === 'columns') {
      columns = value
        .split(',')
        .map((c) => c.trim().replace(/^"|"$/g, ''))
        .filter(Boolean);
      continue;
    }
    if (k === 'on_conflict') {
      onConflict = value
        .split(',')
        .map((c) => c.trim().replace(/^"|"$/g, ''))
        .filter(Boolean);
      continue;
    }
    const parts = k.split('.');
    const last = parts[parts.length - 1] as string;
    if (['order', 'limit', 'offset', 'or', 'and'].includes(last)) {
      let path = parts.slice(0, -1);
      let negate = false;
      if (path[path.length - 1] === 'not' && (last === 'or' || last === 'and')) {
        negate = true;
        path = path.slice(0, -1);
      }
      const scope = scopeAt(path);
      if (last === 'order') scope.order = parseOrder(value);
      else if (last === 'limit') scope.limit = nonNegativeInt('limit', value);
      else if (last === 'offset') scope.offset = nonNegativeInt('offset', value);
      else scope.conditions.push(parseLogic(last as 'or' | 'and', negate, value));
      continue;
    }
    // JSON paths may not contain dots here; `books.title` filters the `books` embed
    const arrow = k.indexOf('->');
    const head = arrow === -1 ? k : k.slice(0, arrow);
    const headParts = head.split('.');
    const column = headParts.pop() as string;
    const field = parseField(column + (arrow === -1 ? '' : k.slice(arrow)));
    scopeAt(headParts).conditions.push(parseFilter(field, value));
  }
  return { select, scope: root, columns, onConflict };
}

/** `gt.5`, `not.is.null`, `in.(1,2)`: a filter on an RPC's result rather than an argument. */
function looksLikeFilter(value: string): boolean {
  const match = /^(?:not\.)?([a-z]+)(?:\([a-z_]+\))?\./.exec(value);
  return Boolean(match && OPERATORS.has(match[1] as string));
}

function checkScopes(scope: Scope, select: SelectItem[]): void {
  for (const [name, child] of scope.children) {
    const embed = select.find(
      (i): i is Extract<SelectItem, { type: 'embed' }> => i.type === 'embed' && (i.alias === name || i.name === name),
    );
    if (!embed) {
      throw notEmbeddedError(name);
    }
    checkScopes(child, embed.select);
  }
}

/** `Plan Rows` of the top node of an `explain (format json)` row. */
function plannedRows(row: Record<string, unknown> | undefined): number {
  const value = row ? Object.values(row)[0] : undefined;
  const plan = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan?: { 'Plan Rows'?: number } }[];
  return Math.round(Number(plan?.[0]?.Plan?.['Plan Rows'] ?? 0));
}

class Rollback {
  constructor(readonly response: Response) {}
}

interface ResultShape {
  n: number;
  body: string | null;
  /** CSV rows, when CSV was asked for. */
  csv?: string | null;
  total?: number | null;
}

export function createRestService(options: RestOptions): RestService {
  const { db, keys, schemas } = options;
  const maxRows = options.maxRows;
  const maxJsonDepth = options.maxJsonDepth ?? MAX_JSON_DEPTH;
  let cache: SchemaCache | undefined;
  let lastLoad = 0;
  let loading: Promise<void> | undefined;
  /** Re-reads the catalog; concurrent callers share one read. */
  const reload = (): Promise<void> => {
    loading ??= loadSchemaCache(db, schemas)
      .then((fresh) => {
        cache = fresh;
        lastLoad = Date.now();
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };
  const getCache = async (): Promise<SchemaCache> => {
    if (!cache) await reload();
    return cache as SchemaCache;
  };
  /** On a miss, re-read the catalog once (tables made outside migrations), at most every 500 ms. */
  const refreshOnMiss = async (): Promise<SchemaCache> => {
    if (Date.now() - lastLoad > 500) await reload();
    return cache as SchemaCache;
  };

  async function authenticate(req: Request): Promise<Claims> {
    const authorization = req.headers.get('authorization');
    const apikey = req.headers.get('apikey');
    let token: string | undefined;
    if (authorization) {
      const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
      if (!match) throw restError(401, 'PGRST301', 'No suitable key or wrong key type', null, null);
      token = match[1];
    } else if (apikey) token = apikey;
    if (!token) return { role: 'anon' };
    let claims: Claims;
    try {
      claims = await keys.verify(token);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED' || /"exp" claim|expired/i.test(message);
      throw new RestError(
        401,
        {
          code: expired ? 'PGRST303' : 'PGRST301',
          details: null,
          hint: null,
          message: expired ? 'JWT expired' : 'JWSError JWSInvalidSignature',
        },
        {
          'www-authenticate': `Bearer error="invalid_token", error_description="${expired ? 'JWT expired' : 'JWSError JWSInvalidSignature'}"`,
        },
      );
    }
    const role = typeof claims.role === 'string' ? claims.role : 'anon';
    if (!ALLOWED_ROLES.has(role)) {
      throw restError(401, 'PGRST301', `JWT role "${role}" is not allowed`, null, null);
    }
    return { ...claims, role };
  }

  async function findTable(schema: string, name: string): Promise<Table> {
    let table = (await getCache()).tables.get(key(schema, name));
    if (!table) table = (await refreshOnMiss()).tables.get(key(schema, name));
    if (!table) {
      throw restError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`, null, null);
    }
    return table;
  }

  /** The function an RPC call names, by PostgREST's resolution (re-reading the catalog once on a miss). */
  async function findFunction(call: Call, singleObject: boolean): Promise<PgFunction> {
    const attempt = (c: SchemaCache) => {
      const candidates = c.functions.get(key(call.schema, call.name)) ?? [];
      if (singleObject) {
        const fn = candidates.find((f) => f.args.length === 1 && ['json', 'jsonb'].includes(f.args[0]?.type ?? ''));
        if (fn) return fn;
      }
      const names = [...c.functions.values()].flatMap((fns) =>
        fns[0] && fns[0].schema === call.schema ? [fns[0].name] : [],
      );
      return resolveFunction(call, candidates, names);
    };
    try {
      return attempt(await getCache());
    } catch (error) {
      if (!(error instanceof RestError) || error.body.code !== 'PGRST202') throw error;
      return attempt(await refreshOnMiss());
    }
  }

  /**
   * The JSON body, parsed, and its text, which goes to PostgreSQL as it came (as PostgREST passes it). JSON nested
   * deeper than PGlite can take is refused as PostgreSQL refuses what is too deep for it (statement_too_complex),
   * with the 4xx status PostgREST gave that error.
   */
  async function readBody(req: Request): Promise<{ value: unknown; text: string } | undefined> {
    const text = await req.text();
    if (!text.trim()) return undefined;
    if (jsonTooDeep(text, maxJsonDepth)) {
      throw restError(
        413,
        '54001',
        'stack depth limit exceeded',
        `The request body nests JSON deeper than ${maxJsonDepth} levels`,
        null,
      );
    }
    try {
      return { value: JSON.parse(text), text };
    } catch (error) {
      throw restError(400, 'PGRST102', 'Empty or invalid json', error instanceof Error ? error.message : null, null);
    }
  }

  async function handle(req: Request): Promise<Response> {
    const role = { authenticated: false };
    try {
      const url = new URL(req.url);
      const path = url.pathname.replace(/^\/rest\/v1\/?/, '');
      const method = req.method.toUpperCase();
      const claims = await authenticate(req);
      role.authenticated = claims.role !== 'anon';
      const readOnly = method === 'GET' || method === 'HEAD';
      const profile = readOnly ? req.headers.get('accept-profile') : req.headers.get('content-profile');
      const schema = profile ?? (schemas[0] as string);
      if (!schemas.includes(schema)) {
        throw restError(
          406,
          'PGRST106',
          `Invalid schema: ${schema}`,
          null,
          `Only the following schemas are exposed: ${schemas.join(', ')}`,
        );
      }
      if (!path) {
        return json(200, { swagger: '2.0', info: { title: 'supabase-local', version: '0.1.0' }, paths: {} });
      }
      const media = negotiate(req.headers.get('accept'));
      const prefer = parsePrefer(req.headers.get('prefer'));
      const headerMap: Record<string, string> = {};
      req.headers.forEach((v, k) => {
        if (k !== 'authorization' && k !== 'cookie') headerMap[k] = v;
      });

      const segments = path.split('/').map(decodeURIComponent);
      const build = (request: Request) => {
        if (segments[0] === 'rpc' && segments.length === 2) {
          return planRpc(request, method, url, schema, segments[1] as string, { ...media, prefer });
        }
        if (segments.length === 1) {
          return planTable(request, method, url, schema, segments[0] as string, { ...media, prefer });
        }
        throw restError(404, 'PGRST125', 'Invalid path specified in request URL');
      };
      // A column or relationship the cache does not know may come from DDL run since: re-read once and retry.
      const spare = readOnly ? req : req.clone();
      let plan: (tx: Queryable) => Promise<Response>;
      try {
        plan = await build(req);
      } catch (error) {
        const stale =
          error instanceof RestError &&
          ['PGRST204', '42703', 'PGRST200'].includes(error.body.code) &&
          Date.now() - lastLoad > 500;
        if (!stale) throw error;
        await reload();
        plan = await build(spare);
      }

      try {
        return await db.transaction(async (tx) => {
          if (readOnly) await tx.exec('set transaction read only');
          await tx.query(
            `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('request.method', $3, true), set_config('request.path', $4, true),
              set_config('request.headers', $5, true)`,
            [claims.role, JSON.stringify(claims), method, url.pathname, JSON.stringify(headerMap)],
          );
          const response = await plan(tx);
          if (prefer.tx === 'rollback') throw new Rollback(response);
          return response;
        });
      } catch (error) {
        if (error instanceof Rollback) return error.response;
        throw error;
      }
    } catch (error) {
      return errorResponse(fromPgError(error, role.authenticated));
    }
  }

  function respondRows(
    result: ResultShape,
    opts: {
      single: boolean;
      csv: boolean;
      stripped?: boolean;
      status: number;
      offset?: number;
      countRequested: boolean;
      head?: boolean;
    },
  ): Response {
    const headers: Record<string, string> = {};
    const offset = opts.offset ?? 0;
    const total = result.total ?? null;
    headers['content-range'] =
      result.n > 0 ? `${offset}-${offset + result.n - 1}/${total ?? '*'}` : `*/${total ?? '*'}`;
    let status = opts.status;
    if (opts.countRequested && total !== null && offset > 0 && offset >= total && result.n === 0) {
      throw new RestError(
        416,
        {
          code: 'PGRST103',
          details: `An offset of ${offset} was requested, but there are only ${total} rows.`,
          hint: null,
          message: 'Requested range not satisfiable',
        },
        { 'content-range': `*/${total}` },
      );
    }
    if (opts.countRequested && total !== null && status === 200 && (offset > 0 || offset + result.n < total)) {
      status = 206;
    }
    const body = result.body ?? '[]';
    if (opts.single) {
      if (result.n !== 1) {
        throw new RestError(406, {
          code: 'PGRST116',
          details: `The result contains ${result.n} rows`,
          hint: null,
          message: 'Cannot coerce the result to a single JSON object',
        });
      }
      const one = body.trim().slice(1, -1);
      return new Response(opts.head ? null : one, {
        status,
        headers: { ...headers, 'content-type': jsonContentType({ ...opts, stripped: Boolean(opts.stripped) }) },
      });
    }
    if (opts.csv) {
      return new Response(opts.head ? null : csvBody(body, result.csv), {
        status,
        headers: { ...headers, 'content-type': 'text/csv; charset=utf-8' },
      });
    }
    return new Response(opts.head ? null : body, {
      status,
      headers: { ...headers, 'content-type': jsonContentType({ ...opts, stripped: Boolean(opts.stripped) }) },
    });
  }

  type Plan = (tx: Queryable) => Promise<Response>;
  interface Shape extends Media {
    prefer: Prefer;
  }

  function paging(req: Request, scope: Scope): { limit?: number; offset: number } {
    let limit = scope.limit;
    let offset = scope.offset ?? 0;
    const range = req.headers.get('range');
    const match = range ? /^(\d+)-(\d*)$/.exec(range.trim()) : null;
    if (match && scope.limit === undefined && scope.offset === undefined) {
      offset = Number(match[1]);
      if (match[2]) limit = Math.max(0, Number(match[2]) - offset + 1);
    }
    if (maxRows !== undefined && (limit === undefined || limit > maxRows)) limit = maxRows;
    return { limit, offset };
  }

  async function planTable(
    req: Request,
    method: string,
    url: URL,
    schema: string,
    name: string,
    shape: Shape,
  ): Promise<Plan> {
    const cache = await getCache();
    const table = await findTable(schema, name);
    const query = parseQuery(url.searchParams);
    checkScopes(query.scope, query.select);
    const b = new Builder(await Promise.resolve(cache), schema);
    // the cache may have been refreshed by findTable
    const where = (alias: string, extra: string[]) => {
      const parts = query.scope.conditions.map((c: Condition) => b.condition(table, alias, c));
      return [...parts, ...extra];
    };
    const countRequested = Boolean(shape.prefer.count);

    if (method === 'GET' || method === 'HEAD') {
      const alias = b.alias();
      const from = `${qualified(table)} ${alias}`;
      const { limit, offset } = paging(req, query.scope);
      const read = b.read({ table, alias, from, items: query.select, scope: query.scope, limit, offset });
      const totalSql = countRequested ? `, (select count(*) from ${from}${read.where})::int as total` : '';
      const sql = `select ${rowsSql(shape)}${totalSql}
        from (${read.sql}) _r`;
      // count=planned is the planner's estimate of the rows matched; count=estimated that estimate past max-rows,
      // else the exact count
      const estimateSql =
        shape.prefer.count === 'planned' || shape.prefer.count === 'estimated'
          ? `explain (format json) select 1 from ${from}${read.where}`
          : undefined;
      const plan = shape.plan;
      if (plan) {
        return async (tx) =>
          planResponse(plan, (await tx.query<Record<string, unknown>>(explainSql(plan, sql), b.params)).rows);
      }
      return async (tx) => {
        const result = (await tx.query<ResultShape>(sql, b.params)).rows[0] as ResultShape;
        if (estimateSql) {
          const planned = plannedRows((await tx.query<Record<string, unknown>>(estimateSql, b.params)).rows[0]);
          if (shape.prefer.count === 'planned' || (maxRows !== undefined && planned > maxRows)) {
            result.total = planned;
          }
        }
        return respondRows(result, {
          single: shape.single,
          csv: shape.csv,
          stripped: shape.stripped,
          status: 200,
          offset,
          countRequested,
          head: method === 'HEAD',
        });
      };
    }

    if (table.kind === 'view' && method !== 'POST' && method !== 'PATCH' && method !== 'DELETE') {
      throw restError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
    }
    const returning = shape.prefer.return === 'representation' || shape.single;
    const mutationAlias = b.alias();
    let mutation: string;

    if (method === 'POST' || method === 'PUT') {
      const read = await readBody(req);
      const body = read?.value;
      if (read === undefined || body === null || typeof body !== 'object') {
        throw restError(400, 'PGRST102', 'Empty or invalid json');
      }
      const rows = (Array.isArray(body) ? body : [body]) as Record<string, unknown>[];
      if (rows.some((r) => !r || typeof r !== 'object' || Array.isArray(r))) {
        throw restError(400, 'PGRST102', 'Empty or invalid json', 'Every element must be a JSON object');
      }
      const columnNames = query.columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))];
      const columns = columnNames.map((c) => requireColumn(table, c));
      const payload = b.param(Array.isArray(body) ? read.text : `[${read.text}]`);
      const missingDefault = shape.prefer.missing === 'default';
      const exprs = columns.map((col) => {
        const value = `_r.${ident(col.name)}`;
        const absentSomewhere = rows.some((r) => !(col.name in r));
        if (missingDefault && absentSomewhere && col.default) {
          return `case when _j.v ? ${b.param(col.name)}::text then ${value} else ${col.default} end`;
        }
        return value;
      });
      let conflict = '';
      const resolution = method === 'PUT' ? 'merge-duplicates' : shape.prefer.resolution;
      if (resolution) {
        const target = (query.onConflict ?? table.primaryKey).map((c) => requireColumn(table, c).name);
        if (!target.length) {
          throw restError(400, 'PGRST100', `Table ${table.name} has no primary key: pass on_conflict`);
        }
        const updates = columns.filter((c) => !target.includes(c.name));
        conflict =
          resolution === 'ignore-duplicates' || !columns.length
            ? ` on conflict (${target.map(ident).join(', ')}) do nothing`
            : ` on conflict (${target.map(ident).join(', ')}) do update set ${(updates.length ? updates : columns)
                .map((c) => `${ident(c.name)} = excluded.${ident(c.name)}`)
                .join(', ')}`;
      }
      mutation = `insert into ${qualified(table)} as ${mutationAlias} ${
        columns.length ? `(${columns.map((c) => ident(c.name)).join(', ')}) ` : ''
      }select ${exprs.join(', ')} from jsonb_array_elements(${payload}::text::jsonb) _j(v), jsonb_populate_record(null::${qualified(table)}, _j.v) _r${conflict}`;
      return mutationPlan(b, table, mutation, mutationAlias, query, shape, returning, 201, countRequested, {
        upsert: Boolean(resolution),
      });
    }

    if (method === 'PATCH') {
      const read = await readBody(req);
      const body = read?.value;
      if (!read || !body || typeof body !== 'object' || Array.isArray(body)) {
        throw restError(400, 'PGRST102', 'Empty or invalid json');
      }
      const columns = (query.columns ?? Object.keys(body)).map((c) => requireColumn(table, c));
      const conds = where(mutationAlias, []);
      if (!conds.length) throw restError(400, '21000', 'UPDATE requires a WHERE clause');
      if (!columns.length) {
        return async () =>
          respondRows(
            { n: 0, body: '[]' },
            { single: false, csv: false, status: returning ? 200 : 204, countRequested },
          );
      }
      const payload = b.param(read.text);
      mutation = `update ${qualified(table)} as ${mutationAlias} set ${columns
        .map((c) => `${ident(c.name)} = _r.${ident(c.name)}`)
        .join(
          ', ',
        )} from jsonb_populate_record(null::${qualified(table)}, ${payload}::text::jsonb) _r where ${conds.join(' and ')}`;
      return mutationPlan(b, table, mutation, mutationAlias, query, shape, returning, 200, countRequested);
    }

    if (method === 'DELETE') {
      const conds = where(mutationAlias, []);
      if (!conds.length) throw restError(400, '21000', 'DELETE requires a WHERE clause');
      mutation = `delete from ${qualified(table)} as ${mutationAlias} where ${conds.join(' and ')}`;
      return mutationPlan(b, table, mutation, mutationAlias, query, shape, returning, 200, countRequested);
    }
    throw restError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
  }

  function requireColumn(table: Table, name: string): Column {
    const column = table.columns.get(name);
    if (!column) {
      throw restError(400, 'PGRST204', `Could not find the '${name}' column of '${table.name}' in the schema cache`);
    }
    return column;
  }

  function mutationPlan(
    b: Builder,
    table: Table,
    mutation: string,
    alias: string,
    query: ParsedQuery,
    shape: Shape,
    returning: boolean,
    status: number,
    countRequested: boolean,
    opts: { upsert?: boolean } = {},
  ): Plan {
    // An upsert answers 201 when it created a row (or touched none), 200 when it only updated: `xmax = 0` marks
    // a row this statement inserted. A view has no xmax: its upserts answer 201.
    const inserted = table.kind === 'view' ? 'null::boolean' : `${alias}.xmax = 0`;
    const flag = opts.upsert ? `, (${inserted}) as "pgrst_inserted"` : '';
    const statusFor = (inserted: boolean | null | undefined) => (opts.upsert && inserted === false ? 200 : status);
    const enforce = (n: number) => {
      const max = shape.prefer.maxAffected;
      if (max !== undefined && shape.prefer.handling === 'strict' && n > max) {
        throw restError(
          400,
          'PGRST124',
          'Query result exceeds max-affected preference constraint',
          `The query affects ${n} rows`,
        );
      }
    };
    if (!returning) {
      const sql = opts.upsert ? `${mutation} returning ${flag.slice(2)}` : mutation;
      return async (tx) => {
        const result = await tx.query<{ pgrst_inserted: boolean }>(sql, b.params);
        const n = opts.upsert ? result.rows.length : result.affectedRows;
        enforce(n);
        const headers: Record<string, string> = {
          'content-range': n > 0 ? `0-${n - 1}/${countRequested ? n : '*'}` : `*/${countRequested ? n : '*'}`,
        };
        if (shape.single && n !== 1) {
          throw new RestError(406, {
            code: 'PGRST116',
            details: `The result contains ${n} rows`,
            hint: null,
            message: 'Cannot coerce the result to a single JSON object',
          });
        }
        const created = n && table.kind !== 'view' ? result.rows.some((r) => r.pgrst_inserted) : null;
        if (status !== 201) return new Response(null, { status: 204, headers });
        return new Response(null, { status: statusFor(created), headers });
      };
    }
    const outAlias = b.alias();
    // the rows written, shaped by `select`; the request's filters chose them already
    const source = opts.upsert
      ? `(select ${[...table.columns.keys()].map(ident).join(', ')} from pgrst_source) ${outAlias}`
      : `pgrst_source ${outAlias}`;
    const read = b.read({
      table,
      alias: outAlias,
      from: source,
      items: query.select,
      scope: { ...query.scope, conditions: [] },
    });
    const sql = `with pgrst_source as (${mutation} returning ${alias}.*${flag})
      select ${rowsSql(shape)}${opts.upsert ? ', (select bool_or(pgrst_inserted) from pgrst_source) as inserted' : ''}
      from (${read.sql}) _r`;
    return async (tx) => {
      const result = (await tx.query<ResultShape & { inserted?: boolean | null }>(sql, b.params))
        .rows[0] as ResultShape & { inserted?: boolean | null };
      enforce(result.n);
      return respondRows(
        { ...result, total: countRequested ? result.n : null },
        {
          single: shape.single,
          csv: shape.csv,
          stripped: shape.stripped,
          status: statusFor(result.inserted),
          countRequested: false,
        },
      );
    };
  }

  async function planRpc(
    req: Request,
    method: string,
    url: URL,
    schema: string,
    name: string,
    shape: Shape,
  ): Promise<Plan> {
    let args: Record<string, unknown> = {};
    let argsText: string | undefined;
    /** A text/plain, text/xml or octet-stream body, for a function with one unnamed parameter of that type. */
    let raw: string | undefined;
    const readOnly = method === 'GET' || method === 'HEAD';
    const kind: BodyKind = readOnly ? 'json' : bodyKind(req.headers.get('content-type'));
    if (readOnly) {
      // query parameters that are not filters (`pages=gt.300`) nor reserved words are the arguments
      for (const [k, v] of url.searchParams) {
        if (RESERVED.has(k) || k.includes('.') || looksLikeFilter(v)) continue;
        args[k] = v;
      }
    } else if (method === 'POST') {
      if (kind === 'json') {
        const read = await readBody(req);
        if (read !== undefined) {
          const body = read.value;
          if (!body || typeof body !== 'object' || Array.isArray(body)) {
            throw restError(400, 'PGRST102', 'Empty or invalid json', 'RPC arguments must be a JSON object');
          }
          args = body as Record<string, unknown>;
          argsText = read.text;
        }
      } else if (kind === 'bytea') {
        raw = Buffer.from(await req.arrayBuffer()).toString('hex');
      } else {
        raw = await req.text();
      }
    } else {
      throw restError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
    }
    const singleObject = shape.prefer.params === 'single-object';
    const wanted: Call = { schema, name, keys: Object.keys(args), post: method === 'POST', kind };
    const fn = await findFunction(wanted, singleObject);
    const cache = await getCache();
    const query = parseQuery(url.searchParams, new Set(Object.keys(args)));
    const b = new Builder(cache, schema);
    // PostgREST's callPlan (src/PostgREST/Plan.hs): a function with one unnamed parameter gets the whole body as that
    // parameter (`OnePosParam`), however it was chosen: a `{"": v}` body names it, and passes `{"": v}` itself
    const wholeBody = fn.args.length === 1 && (singleObject || !fn.args[0]?.name);
    const argsJson = argsText ?? JSON.stringify(args);
    const given = wholeBody ? [] : fn.args.filter((a) => a.name in args);
    const record = given.length
      ? `(select * from jsonb_to_record(${b.param(argsJson)}::text::jsonb) as _x(${given.map((a) => `${ident(a.name)} ${a.type}`).join(', ')}))`
      : '';
    const bodyArg = () =>
      kind === 'bytea'
        ? `decode(${b.param(raw ?? '')}, 'hex')`
        : `${b.param(raw ?? argsJson)}::text::${fn.args[0]?.type}`;
    const call = wholeBody
      ? `${ident(fn.schema)}.${ident(fn.name)}(${bodyArg()})`
      : `${ident(fn.schema)}.${ident(fn.name)}(${given
          .map((a) => `${ident(a.name)} := (select ${ident(a.name)} from _a)`)
          .join(', ')})`;
    const ctes = given.length ? [`_a as ${record}`] : [];
    const withArgs = ctes.length ? `with ${ctes.join(', ')} ` : '';
    const countRequested = Boolean(shape.prefer.count);
    const { maxAffected, handling } = shape.prefer;
    const strict = maxAffected !== undefined && handling === 'strict';
    if (strict && !fn.returnsSet) {
      throw restError(
        400,
        'PGRST128',
        'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
      );
    }
    /** max-affected counts the rows the function returned. */
    const enforce = (n: number) => {
      if (strict && n > (maxAffected as number)) {
        throw restError(
          400,
          'PGRST124',
          'Query result exceeds max-affected preference constraint',
          `The query affects ${n} rows`,
        );
      }
    };

    if (fn.returnsVoid) {
      const sql = `${withArgs}select ${call}`;
      return async (tx) => {
        await tx.query(sql, b.params);
        return new Response(null, { status: 204 });
      };
    }
    if (!fn.returnsComposite) {
      const sql = fn.returnsSet
        ? `${withArgs}select count(_v)::int as n, coalesce(json_agg(_v), '[]')::text as body from ${call} _v`
        : `${withArgs}select 1 as n, to_json(${call})::text as body`;
      return async (tx) => {
        const result = (await tx.query<ResultShape>(sql, b.params)).rows[0] as ResultShape;
        enforce(result.n);
        if (shape.single && fn.returnsSet) {
          return respondRows(result, { single: true, csv: false, status: 200, countRequested });
        }
        const n = result.n;
        const total = countRequested ? String(n) : '*';
        return new Response(method === 'HEAD' ? null : (result.body ?? 'null'), {
          status: 200,
          headers: { 'content-type': JSON_TYPE, 'content-range': n ? `0-${n - 1}/${total}` : `*/${total}` },
        });
      };
    }
    // composite results behave like a table: select, filters, order and paging apply
    const table: Table = (fn.returnTable ? cache.tables.get(fn.returnTable) : undefined) ?? {
      schema: fn.schema,
      name: fn.name,
      kind: 'view',
      columns: new Map(
        fn.outColumns.map((c) => [
          c.name,
          { name: c.name, type: c.type, notNull: false, default: null, identity: false, generated: false },
        ]),
      ),
      primaryKey: [],
      uniques: [],
    };
    checkScopes(query.scope, query.select);
    const alias = b.alias();
    // the call runs once; the page, the count and max-affected all read its rows
    const with_ = `with ${[...ctes, `pgrst_call as (select * from ${call} _f)`].join(', ')} `;
    const from = `pgrst_call ${alias}`;
    const { limit, offset } = paging(req, query.scope);
    const read = b.read({ table, alias, from, items: query.select, scope: query.scope, limit, offset });
    const totalSql = countRequested ? `, (select count(*) from ${from}${read.where})::int as total` : '';
    const affectedSql = strict ? ', (select count(*) from pgrst_call)::int as affected' : '';
    const sql = `${with_}select ${rowsSql(shape)}${totalSql}${affectedSql}
      from (${read.sql}) _r`;
    const plan = shape.plan;
    if (plan) {
      return async (tx) =>
        planResponse(plan, (await tx.query<Record<string, unknown>>(explainSql(plan, sql), b.params)).rows);
    }
    return async (tx) => {
      const result = (await tx.query<ResultShape & { affected?: number }>(sql, b.params)).rows[0] as ResultShape & {
        affected?: number;
      };
      enforce(result.affected ?? 0);
      if (!fn.returnsSet && !shape.single) {
        const body = result.n === 1 ? (result.body as string).trim().slice(1, -1) : 'null';
        const total = countRequested ? String(result.total ?? result.n) : '*';
        return new Response(method === 'HEAD' ? null : body, {
          status: 200,
          headers: {
            'content-type': JSON_TYPE,
            'content-range': result.n ? `0-${result.n - 1}/${total}` : `*/${total}`,
          },
        });
      }
      return respondRows(result, {
        single: shape.single,
        csv: shape.csv,
        stripped: shape.stripped,
        status: 200,
        offset,
        countRequested,
        head: method === 'HEAD',
      });
    };
  }

  return { handle, reload };
}
