// PostgREST's URL grammar: select lists, filters, logic trees and order terms.
import { RestError } from './errors.ts';

export interface PathStep {
  arrow: '->' | '->>';
  key: string;
}

export interface Field {
  name: string;
  path: PathStep[];
}

export type AggregateFn = 'sum' | 'avg' | 'min' | 'max' | 'count';

export type SelectItem =
  | { type: 'star' }
  | { type: 'column'; field: Field; alias?: string; cast?: string }
  /** `alias:field::inputCast.fn()::cast`; `count()` has no field. */
  | { type: 'aggregate'; fn: AggregateFn; field?: Field; inputCast?: string; alias?: string; cast?: string }
  | {
      type: 'embed';
      name: string;
      alias?: string;
      hint?: string;
      inner: boolean;
      spread: boolean;
      select: SelectItem[];
    };

export interface Filter {
  type: 'filter';
  field: Field;
  negate: boolean;
  op: string;
  modifier?: string;
  value: string;
}

export interface Logic {
  type: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Condition[];
}

export type Condition = Filter | Logic;

export interface OrderTerm {
  field: Field;
  /** `author(name).desc`: a column of the to-one embed named (or aliased) `author`. */
  relation?: string;
  dir?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

export const OPERATORS = new Set([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
]);

const parseError = (message: string, details?: string): RestError =>
  new RestError(400, { code: 'PGRST100', message, details: details ?? null, hint: null });

/** Splits on `sep` outside parentheses and double quotes. */
export function splitTopLevel(input: string, sep = ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < input.length; i++) {
    const ch = input[i] as string;
    if (quoted) {
      current += ch;
      if (ch === '\\' && i + 1 < input.length) {
        current += input[++i];
      } else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    if (ch === sep && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  if (quoted || depth !== 0) throw parseError(`"failed to parse" ${input}`, 'unbalanced quotes or parentheses');
  parts.push(current);
  return parts;
}

/** `"a,b"` → `a,b` (with `\"` and `\\` escapes); anything else unchanged. */
export function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

export function parseField(input: string): Field {
  const text = input.trim();
  const first = text.indexOf('->');
  const name = unquote(first === -1 ? text : text.slice(0, first));
  if (!name) throw parseError(`"failed to parse" ${input}`, 'empty column name');
  const path: PathStep[] = [];
  if (first !== -1) {
    const re = /(->>|->)("(?:[^"\\]|\\.)*"|[^-]+(?:-(?!>)[^-]*)*)/gy;
    re.lastIndex = first;
    let match: RegExpExecArray | null = re.exec(text);
    while (match) {
      path.push({ arrow: match[1] as PathStep['arrow'], key: unquote(match[2] as string) });
      if (re.lastIndex === text.length) break;
      match = re.exec(text);
    }
    if (re.lastIndex !== text.length) throw parseError(`"failed to parse json path" ${input}`);
  }
  return { name, path };
}

export function parseSelect(input: string): SelectItem[] {
  const items: SelectItem[] = [];
  for (const raw of splitTopLevel(input)) {
    const item = raw.trim();
    if (!item) continue;
    if (item === '*') {
      items.push({ type: 'star' });
      continue;
    }
    const aggregate = parseAggregate(item);
    if (aggregate) {
      items.push(aggregate);
      continue;
    }
    const open = item.indexOf('(');
    if (open !== -1 && item.endsWith(')') && !item.slice(0, open).includes('::')) {
      let head = item.slice(0, open);
      const inner = item.slice(open + 1, -1);
      const spread = head.startsWith('...');
      if (spread) head = head.slice(3);
      let alias: string | undefined;
      const colon = head.indexOf(':');
      if (colon !== -1) {
        alias = head.slice(0, colon);
        head = head.slice(colon + 1);
      }
      const [name, ...mods] = head.split('!');
      let inner_ = false;
      let hint: string | undefined;
      for (const mod of mods) {
        if (mod === 'inner') inner_ = true;
        else if (mod === 'left') inner_ = false;
        else hint = mod;
      }
      if (!name) throw parseError(`"failed to parse select parameter" (${input})`);
      items.push({
        type: 'embed',
        name: unquote(name),
        alias: alias ? unquote(alias) : undefined,
        hint,
        inner: inner_,
        spread,
        select: inner.trim() ? parseSelect(inner) : [],
      });
      continue;
    }
    const { main, cast } = splitCast(item);
    let rest = main;
    let alias: string | undefined;
    const colon = main.indexOf(':');
    if (colon > 0) {
      alias = unquote(main.slice(0, colon));
      rest = main.slice(colon + 1);
    }
    items.push({ type: 'column', field: parseField(rest), alias, cast });
  }
  return items;
}

const CAST = /^[A-Za-z_][A-Za-z0-9_]*(\[\])?$/;

/** `expr::type` → expr and type (checked against a strict pattern: casts are spliced into SQL). */
function splitCast(item: string): { main: string; cast?: string } {
  const castAt = item.lastIndexOf('::');
  if (castAt === -1) return { main: item };
  const cast = item.slice(castAt + 2).trim();
  if (!CAST.test(cast)) throw parseError(`"failed to parse cast" ${item}`);
  return { main: item.slice(0, castAt), cast };
}

/** `count()`, `total:amount.sum()`, `data->>n::int.avg()::text`: PostgREST's aggregate select items. */
function parseAggregate(item: string): SelectItem | undefined {
  const match =
    /^(?:([A-Za-z_][A-Za-z0-9_ ]*|"(?:[^"\\]|\\.)*"):(?!:))?(?:(.+)\.)?(sum|avg|min|max|count)\(\)(?:::(.+))?$/.exec(
      item,
    );
  if (!match) return undefined;
  const [, alias, input, fn, cast] = match;
  if (!input && fn !== 'count') return undefined;
  if (cast !== undefined && !CAST.test(cast.trim())) throw parseError(`"failed to parse cast" ${item}`);
  let field: Field | undefined;
  let inputCast: string | undefined;
  if (input) {
    const split = splitCast(input);
    field = parseField(split.main);
    inputCast = split.cast;
  }
  return {
    type: 'aggregate',
    fn: fn as AggregateFn,
    field,
    inputCast,
    alias: alias ? unquote(alias) : undefined,
    cast: cast?.trim(),
  };
}

/** `[not.]op[(modifier)].value` */
export function parseFilter(field: Field, input: string): Filter {
  let rest = input;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const match = /^([a-z]+)(?:\(([A-Za-z_]+)\))?\.([\s\S]*)$/.exec(rest);
  if (!match || !OPERATORS.has(match[1] as string)) {
    throw parseError(`"failed to parse filter (${input})" (line 1, column 1)`, `unknown operator in ${input}`);
  }
  return { type: 'filter', field, negate, op: match[1] as string, modifier: match[2], value: match[3] as string };
}

/** The inside of `or=(…)`: `a.eq.1,and(b.gt.2,c.lt.3)`. */
export function parseLogic(op: 'and' | 'or', negate: boolean, input: string): Logic {
  const text = input.trim();
  if (!text.startsWith('(') || !text.endsWith(')')) {
    throw parseError(`"failed to parse logic tree (${input})" (line 1, column 1)`, 'expected parentheses');
  }
  const children: Condition[] = [];
  for (const raw of splitTopLevel(text.slice(1, -1))) {
    const part = raw.trim();
    const nested = /^(not\.)?(and|or)(\([\s\S]*\))$/.exec(part);
    if (nested) {
      children.push(parseLogic(nested[2] as 'and' | 'or', Boolean(nested[1]), nested[3] as string));
      continue;
    }
    const dot = part.indexOf('.');
    if (dot <= 0) throw parseError(`"failed to parse logic tree (${input})" (line 1, column 1)`);
    const filter = parseFilter(parseField(part.slice(0, dot)), part.slice(dot + 1));
    filter.value = unquote(filter.value);
    children.push(filter);
  }
  return { type: 'logic', op, negate, children };
}

export function parseOrder(input: string): OrderTerm[] {
  const terms: OrderTerm[] = [];
  for (const raw of splitTopLevel(input)) {
    const part = raw.trim();
    if (!part) continue;
    const pieces = part.split('.');
    const term: OrderTerm = { field: { name: '', path: [] } };
    const mods: string[] = [];
    while (pieces.length > 1 && /^(asc|desc|nullsfirst|nullslast)$/.test(pieces[pieces.length - 1] as string)) {
      mods.unshift(pieces.pop() as string);
    }
    const target = pieces.join('.');
    const related = /^([^()]+)\((.+)\)$/.exec(target);
    if (related) term.relation = (related[1] as string).trim();
    term.field = parseField(related ? (related[2] as string) : target);
    for (const mod of mods) {
      if (mod === 'asc' || mod === 'desc') term.dir = mod;
      else term.nulls = mod === 'nullsfirst' ? 'first' : 'last';
    }
    terms.push(term);
  }
  return terms;
}

/** `(a,"b,c")` → ['a', 'b,c'] */
export function parseList(input: string): string[] {
  const text = input.trim();
  if (!text.startsWith('(') || !text.endsWith(')')) throw parseError(`"failed to parse list" ${input}`);
  const inner = text.slice(1, -1);
  if (!inner.trim()) return [];
  return splitTopLevel(inner).map((v) => unquote(v.trim()));
}
