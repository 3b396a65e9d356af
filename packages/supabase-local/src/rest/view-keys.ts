// Keys through views, as PostgREST infers them: each view column is traced to the base table column it reads
// (the `resorigtbl`/`resorigcol` PostgreSQL records in the view's stored query, pg_rewrite.ev_action), following
// views over views. A foreign key whose columns all appear in a view then also relates that view (view → table,
// table → view, view → view), and a view showing all of a table's primary key columns gets that key.

import type { ForeignKey, Table } from './schema.ts';

/** A relation's column by OID and attribute number. */
type ColumnRef = `${string}:${number}`;

export interface ViewRow {
  oid: string;
  schema: string;
  name: string;
  /** Attribute names by attribute number (1-based, index 0 unused). */
  columns: string[];
  /** pg_rewrite.ev_action as text (a pg_node_tree). */
  definition: string;
}

/** A constraint with both its catalog identity (OIDs, attnums) and names, for every schema. */
export interface KeyRow {
  fk: ForeignKey;
  rel: string;
  keys: number[];
  refRel: string;
  refKeys: number[];
}

/**
 * The origin of each column of the top-level query in a pg_node_tree: `{TARGETENTRY … :resno n … :resorigtbl oid
 * :resorigcol k …}` of the first QUERY's `:targetList`. Nested queries (subqueries, sublinks) are skipped by depth.
 */
export function targetOrigins(tree: string): Map<number, { rel: string; attnum: number }> {
  const origins = new Map<number, { rel: string; attnum: number }>();
  let depth = 0;
  let i = 0;
  // find `:targetList ` directly inside the outer list's first QUERY node (depth 2)
  for (; i < tree.length; i++) {
    const ch = tree[i];
    if (ch === '\\') i++;
    else if (ch === '{' || ch === '(') depth++;
    else if (ch === '}' || ch === ')') depth--;
    else if (depth === 2 && ch === ':' && tree.startsWith(':targetList ', i)) break;
  }
  i += ':targetList '.length;
  if (tree[i] !== '(') return origins;
  const listDepth = depth + 1;
  let entry = '';
  for (; i < tree.length; i++) {
    const ch = tree[i] as string;
    if (ch === '\\') {
      if (depth === listDepth + 1) entry += tree.slice(i, i + 2);
      i++;
      continue;
    }
    if (ch === '{' || ch === '(') {
      depth++;
      if (depth === listDepth + 1) entry = '';
      continue;
    }
    if (ch === '}' || ch === ')') {
      if (depth === listDepth + 1) {
        const field = (name: string) => new RegExp(`:${name} (\\S+)`).exec(entry)?.[1];
        const resno = Number(field('resno'));
        const rel = field('resorigtbl');
        const attnum = Number(field('resorigcol'));
        if (field('resjunk') !== 'true' && rel && rel !== '0' && attnum > 0) origins.set(resno, { rel, attnum });
      }
      depth--;
      if (depth < listDepth) break;
      continue;
    }
    if (depth === listDepth + 1) entry += ch;
  }
  return origins;
}

/** Each column of each view, traced through views to the table column it reads. */
function baseColumns(views: ViewRow[]): Map<string, Map<number, ColumnRef>> {
  const direct = new Map(views.map((v) => [v.oid, targetOrigins(v.definition)]));
  const resolved = new Map<string, Map<number, ColumnRef>>();
  for (const view of views) {
    const columns = new Map<number, ColumnRef>();
    for (const [resno, origin] of direct.get(view.oid) ?? []) {
      let at = origin;
      // a view over a view: follow until a relation that is not a view (a cycle cannot be built, but stay bounded)
      for (let hops = 0; hops < 64; hops++) {
        const next = direct.get(at.rel)?.get(at.attnum);
        if (!direct.has(at.rel) || !next) break;
        at = next;
      }
      if (!direct.has(at.rel)) columns.set(resno, `${at.rel}:${at.attnum}`);
    }
    resolved.set(view.oid, columns);
  }
  return resolved;
}

/** Every way to name `keys` of relation `rel` in `view`: one list per choice of view column (none if one is missing). */
function viewColumnChoices(view: ViewRow, columns: Map<number, ColumnRef>, rel: string, keys: number[]): string[][] {
  const perKey = keys.map((k) =>
    [...columns].filter(([, ref]) => ref === `${rel}:${k}`).map(([resno]) => view.columns[resno] as string),
  );
  if (perKey.some((names) => !names.length)) return [];
  return perKey.reduce<string[][]>((acc, names) => acc.flatMap((prefix) => names.map((n) => [...prefix, n])), [[]]);
}

/**
 * The foreign keys that views inherit from their tables, for the views in `tables` (the exposed schemas). Also sets
 * each such view's `primaryKey` in `tables` (the first view column showing each key column, when all are shown).
 */
export function viewKeys(
  views: ViewRow[],
  foreignKeys: KeyRow[],
  primaryKeys: { rel: string; keys: number[] }[],
  tables: Map<string, Table>,
): ForeignKey[] {
  const exposed = views.filter((v) => tables.get(`${v.schema}.${v.name}`)?.kind === 'view');
  if (!exposed.length) return [];
  const base = baseColumns(views);
  const sides = (rel: string, keys: number[]) =>
    exposed.flatMap((view) =>
      viewColumnChoices(view, base.get(view.oid) ?? new Map(), rel, keys).map((columns) => ({
        schema: view.schema,
        table: view.name,
        columns,
      })),
    );

  // as PostgREST does, a view showing the keys of several tables (a join) gets all of them as its key
  for (const view of exposed) {
    const table = tables.get(`${view.schema}.${view.name}`);
    if (!table || table.primaryKey.length) continue;
    table.primaryKey = primaryKeys.flatMap(
      (pk) => viewColumnChoices(view, base.get(view.oid) ?? new Map(), pk.rel, pk.keys)[0] ?? [],
    );
  }

  const derived: ForeignKey[] = [];
  for (const { fk, rel, keys, refRel, refKeys } of foreignKeys) {
    const own = { schema: fk.schema, table: fk.table, columns: fk.columns };
    const ref = { schema: fk.refSchema, table: fk.refTable, columns: fk.refColumns };
    const froms = sides(rel, keys);
    const tos = sides(refRel, refKeys);
    const pairs = [
      ...froms.map((from) => [from, ref] as const),
      ...tos.map((to) => [own, to] as const),
      ...froms.flatMap((from) => tos.map((to) => [from, to] as const)),
    ];
    for (const [from, to] of pairs) {
      if (!tables.has(`${from.schema}.${from.table}`) || !tables.has(`${to.schema}.${to.table}`)) continue;
      derived.push({
        ...fk,
        schema: from.schema,
        table: from.table,
        columns: from.columns,
        refSchema: to.schema,
        refTable: to.table,
        refColumns: to.columns,
      });
    }
  }
  return derived;
}
