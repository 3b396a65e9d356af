// The `postgres_changes` entries of a join, read as hosted Realtime reads them (its Subscriptions module):
// event, schema (default public when only a table is named), table, filter (`column=op.value`, comma-separated
// filters are ANDed, `not.` negates, `in.(a,b)`, double quotes protect `,()`), select.

/** One filter of a subscription. */
export interface Filter {
  column: string;
  op: string;
  value: string;
  negate: boolean;
}

/** A parsed `postgres_changes` entry. */
export interface ChangeParams {
  action: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
  schema: string;
  table: string;
  filters: Filter[];
  select: string[] | null;
}

const OPERATORS = new Set([
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'like',
  'ilike',
  'is',
  'match',
  'imatch',
  'isdistinct',
]);

/** Parses one entry; a string is the error, in Realtime's words. */
export function parseChangeParams(params: Record<string, unknown>): ChangeParams | string {
  const event = typeof params.event === 'string' ? params.event.toUpperCase() : '*';
  const action = event === 'INSERT' || event === 'UPDATE' || event === 'DELETE' ? event : '*';
  let select: string[] | null = null;
  if (Array.isArray(params.select)) {
    const names = params.select.filter((c): c is string => typeof c === 'string');
    select = names.length ? names : null;
  } else if (typeof params.select === 'string') {
    return 'Error parsing `select` params: expected a list of column name strings, e.g. select: ["col1", "col2"]';
  }
  const { schema, table, filter } = params;
  const has = (key: string) => key in params && params[key] !== undefined;
  let parsed: Omit<ChangeParams, 'select' | 'action'>;
  if (typeof schema === 'string' && typeof table === 'string' && typeof filter === 'string') {
    const filters = parseFilters(filter);
    if (typeof filters === 'string') return `Error parsing \`filter\` params: ${filters}`;
    parsed = { schema, table, filters };
  } else if (typeof schema === 'string' && typeof table === 'string' && !has('filter')) {
    parsed = { schema, table, filters: [] };
  } else if (typeof schema === 'string' && !has('table') && !has('filter')) {
    parsed = { schema, table: '*', filters: [] };
  } else if (typeof table === 'string' && !has('schema') && !has('filter')) {
    parsed = { schema: 'public', table, filters: [] };
  } else {
    return 'No subscription params provided. Please provide at least a `schema` or `table` to subscribe to';
  }
  if (select && (parsed.schema === '*' || parsed.table === '*')) {
    return 'Column selection is not supported for wildcard subscriptions. Provide an explicit schema and table name.';
  }
  return { action, select, ...parsed };
}

function parseFilters(filter: string): Filter[] | string {
  const trimmed = filter.trim();
  if (!trimmed) return [];
  const filters: Filter[] = [];
  for (const segment of splitTopLevel(trimmed)) {
    const part = segment.trim();
    if (!part) return 'filter must not contain empty segments (check for extra commas)';
    const eq = part.indexOf('=');
    if (eq < 0) return JSON.stringify([part]);
    const column = part.slice(0, eq);
    let rest = part.slice(eq + 1);
    const negate = rest.startsWith('not.');
    if (negate) rest = rest.slice(4);
    const dot = rest.indexOf('.');
    if (dot < 0) return JSON.stringify([column, rest]);
    const op = rest.slice(0, dot);
    const raw = rest.slice(dot + 1);
    if (!OPERATORS.has(op)) return JSON.stringify([op, raw]);
    let value: string;
    if (op === 'in') {
      if (raw.length < 2 || !raw.startsWith('(') || !raw.endsWith(')')) {
        return '`in` filter value must be wrapped by parentheses';
      }
      value = `{${raw.slice(1, -1)}}`;
    } else {
      value = unquote(raw);
    }
    filters.push({ column, op, value, negate });
  }
  return filters;
}

/** Splits on commas outside double quotes and parentheses (a quote opens only after `.`, `(` or `,`). */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let depth = 0;
  let quoted = false;
  let prev = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '\\' && i + 1 < text.length) {
        current += ch + text[i + 1];
        prev = text[i + 1] as string;
        i++;
        continue;
      }
      if (ch === '"') quoted = false;
      current += ch;
    } else if (ch === '"' && (prev === '.' || prev === '(' || prev === ',')) {
      quoted = true;
      current += ch;
    } else if (ch === '(') {
      depth++;
      current += ch;
    } else if (ch === ')') {
      depth = Math.max(0, depth - 1);
      current += ch;
    } else if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
      prev = '';
      continue;
    } else {
      current += ch;
    }
    prev = ch;
  }
  parts.push(current);
  return parts;
}

/** `"a,b"` → `a,b` (backslash escapes the next character); anything else as it is. */
function unquote(value: string): string {
  if (!value.startsWith('"')) return value;
  let out = '';
  for (let i = 1; i < value.length; i++) {
    const ch = value[i] as string;
    if (ch === '\\' && i + 1 < value.length) {
      out += value[++i];
    } else if (ch === '"') {
      return i === value.length - 1 ? out : value;
    } else {
      out += ch;
    }
  }
  return value;
}
