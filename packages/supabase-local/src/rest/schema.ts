// The schema cache: tables, columns, keys and functions of the exposed schemas, read from pg_catalog.
import type { Queryable } from '../types.ts';
import { type KeyRow, type ViewRow, viewKeys } from './view-keys.ts';

export interface Column {
  name: string;
  /** format_type without modifiers, usable in a cast: `integer`, `text[]`, `public.mood`. */
  type: string;
  notNull: boolean;
  /** Default expression (pg_get_expr), when any. */
  default: string | null;
  identity: boolean;
  generated: boolean;
}

export interface Table {
  schema: string;
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  primaryKey: string[];
  /** Primary key and unique constraints (column lists). */
  uniques: string[][];
}

export interface ForeignKey {
  name: string;
  schema: string;
  table: string;
  columns: string[];
  refSchema: string;
  refTable: string;
  refColumns: string[];
  /** The referencing columns are also unique: one-to-one rather than many-to-one. */
  oneToOne: boolean;
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface PgFunction {
  schema: string;
  name: string;
  args: FunctionArg[];
  returnType: string;
  returnsSet: boolean;
  /** Returns a row type (a table, a composite or `returns table`/out parameters). */
  returnsComposite: boolean;
  returnsVoid: boolean;
  volatility: 'i' | 's' | 'v';
  /** When the composite result is a table's row type: that table's schema.name. */
  returnTable?: string;
  /** OUT / TABLE columns (for `returns table (…)`). */
  outColumns: FunctionArg[];
  /** When the first argument is a table's row type: that table's schema.name (computed fields, relationships). */
  firstArgTable?: string;
  /** The planner's row estimate (`rows 1` makes a set-returning computed relationship to-one). */
  rows: number;
}

export interface SchemaCache {
  tables: Map<string, Table>;
  foreignKeys: ForeignKey[];
  functions: Map<string, PgFunction[]>;
  /**
   * PostgREST's `db-aggregates-enabled`: on unless the database turns it off as Supabase projects do,
   * `alter role authenticator set pgrst.db_aggregates_enabled = 'false'`.
   */
  aggregatesEnabled: boolean;
}

export const key = (schema: string, name: string): string => `${schema}.${name}`;

export async function loadSchemaCache(db: Queryable, schemas: string[]): Promise<SchemaCache> {
  const tables = new Map<string, Table>();
  const columns = await db.query<{
    schema: string;
    table: string;
    relkind: string;
    column: string | null;
    type: string | null;
    notnull: boolean | null;
    default: string | null;
    identity: boolean | null;
    generated: boolean | null;
  }>(
    `select n.nspname as schema, c.relname as table, c.relkind::text as relkind, a.attname as column,
        format_type(a.atttypid, null) as type, a.attnotnull as notnull,
        -- an identity column's default is its sequence, as PostgREST reads it, so missing=default can use it
        case when a.attidentity <> '' then format('nextval(%L::regclass)',
            pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
          else pg_get_expr(d.adbin, d.adrelid) end as default, a.attidentity <> '' as identity, a.attgenerated <> '' as generated
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
      where n.nspname = any($1::text[]) and c.relkind in ('r', 'v', 'm', 'f', 'p')
      order by n.nspname, c.relname, a.attnum`,
    [schemas],
  );
  for (const row of columns.rows) {
    const k = key(row.schema, row.table);
    let table = tables.get(k);
    if (!table) {
      table = {
        schema: row.schema,
        name: row.table,
        kind: row.relkind === 'r' || row.relkind === 'p' || row.relkind === 'f' ? 'table' : 'view',
        columns: new Map(),
        primaryKey: [],
        uniques: [],
      };
      tables.set(k, table);
    }
    if (row.column && row.type) {
      table.columns.set(row.column, {
        name: row.column,
        type: row.type,
        notNull: Boolean(row.notnull),
        default: row.default,
        identity: Boolean(row.identity),
        generated: Boolean(row.generated),
      });
    }
  }

  // every schema's keys, not only the exposed ones: a view in an exposed schema may show a hidden table's keys
  const constraints = await db.query<{
    name: string;
    type: string;
    schema: string;
    table: string;
    columns: string[];
    ref_schema: string | null;
    ref_table: string | null;
    ref_columns: string[] | null;
    rel: string;
    keys: number[];
    ref_rel: string;
    ref_keys: number[] | null;
  }>(
    `select con.conname as name, con.contype::text as type, n.nspname as schema, c.relname as table,
        con.conrelid::text as rel, con.conkey::int[] as keys, con.confrelid::text as ref_rel,
        con.confkey::int[] as ref_keys,
        array(select a.attname::text from unnest(con.conkey) with ordinality k(attnum, i)
              join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.i) as columns,
        fn.nspname as ref_schema, fc.relname as ref_table,
        array(select a.attname::text from unnest(con.confkey) with ordinality k(attnum, i)
              join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.i) as ref_columns
      from pg_constraint con
      join pg_class c on c.oid = con.conrelid
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_class fc on fc.oid = con.confrelid
      left join pg_namespace fn on fn.oid = fc.relnamespace
      where con.contype in ('p', 'u', 'f') and n.nspname not in ('pg_catalog', 'information_schema')
      order by con.conname`,
  );
  const uniques = new Map<string, string[][]>();
  for (const row of constraints.rows) {
    const k = key(row.schema, row.table);
    if (row.type === 'p' || row.type === 'u') uniques.set(k, [...(uniques.get(k) ?? []), row.columns]);
    const table = tables.get(k);
    if (row.type === 'p' && table) table.primaryKey = row.columns;
    if ((row.type === 'p' || row.type === 'u') && table) table.uniques.push(row.columns);
  }
  const foreignKeys: ForeignKey[] = [];
  const keyRows: KeyRow[] = [];
  for (const row of constraints.rows) {
    if (row.type !== 'f' || !row.ref_schema || !row.ref_table) continue;
    const fk: ForeignKey = {
      name: row.name,
      schema: row.schema,
      table: row.table,
      columns: row.columns,
      refSchema: row.ref_schema,
      refTable: row.ref_table,
      refColumns: row.ref_columns ?? [],
      oneToOne: (uniques.get(key(row.schema, row.table)) ?? []).some(
        (u) => u.length === row.columns.length && u.every((c) => row.columns.includes(c)),
      ),
    };
    if (schemas.includes(row.schema)) foreignKeys.push(fk);
    keyRows.push({ fk, rel: row.rel, keys: row.keys, refRel: row.ref_rel, refKeys: row.ref_keys ?? [] });
  }
  const views = await db.query<ViewRow>(
    `select c.oid::text as oid, n.nspname as schema, c.relname as name, r.ev_action::text as definition,
        array(select coalesce(a.attname::text, '') from generate_series(0, c.relnatts) i
              left join pg_attribute a on a.attrelid = c.oid and a.attnum = i order by i) as columns
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_rewrite r on r.ev_class = c.oid and r.rulename = '_RETURN'
      where c.relkind in ('v', 'm') and n.nspname not in ('pg_catalog', 'information_schema')`,
  );
  const primaryKeys = constraints.rows.filter((r) => r.type === 'p').map((r) => ({ rel: r.rel, keys: r.keys }));
  foreignKeys.push(...viewKeys(views.rows, keyRows, primaryKeys, tables));

  const functions = new Map<string, PgFunction[]>();
  const procs = await db.query<{
    schema: string;
    name: string;
    arg_names: string[] | null;
    arg_types: string[] | null;
    arg_modes: string[] | null;
    nargs: number;
    ndefaults: number;
    return_type: string;
    returns_set: boolean;
    typtype: string;
    is_void: boolean;
    volatility: string;
    return_table: string | null;
    first_arg_table: string | null;
    rows: number;
  }>(
    `select n.nspname as schema, p.proname as name, p.proargnames::text[] as arg_names,
        array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) t) as arg_types,
        p.proargmodes::text[] as arg_modes, p.pronargs::int as nargs, p.pronargdefaults::int as ndefaults,
        format_type(p.prorettype, null) as return_type, p.proretset as returns_set,
        (case when rt.typtype = 'c' or p.prorettype = 'record'::regtype then 'c' else rt.typtype::text end) as typtype,
        p.prorettype = 'void'::regtype as is_void, p.provolatile::text as volatility,
        (select rn.nspname || '.' || rc.relname from pg_class rc join pg_namespace rn on rn.oid = rc.relnamespace
          where rc.oid = rt.typrelid and rc.relkind in ('r', 'v', 'm', 'f', 'p')) as return_table,
        (select an.nspname || '.' || ac.relname from pg_type at join pg_class ac on ac.oid = at.typrelid
          join pg_namespace an on an.oid = ac.relnamespace
          where p.pronargs > 0 and at.oid = p.proargtypes[0] and ac.relkind in ('r', 'v', 'm', 'f', 'p')) as first_arg_table,
        p.prorows::float8 as rows
      from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
      join pg_type rt on rt.oid = p.prorettype
      where n.nspname = any($1::text[]) and p.prokind = 'f'`,
    [schemas],
  );
  for (const row of procs.rows) {
    const names = row.arg_names ?? [];
    const types = row.arg_types ?? [];
    const modes = row.arg_modes ?? [];
    const args: FunctionArg[] = [];
    const outColumns: FunctionArg[] = [];
    types.forEach((type, i) => {
      const mode = modes[i] ?? 'i';
      if (mode === 'o' || mode === 't' || mode === 'b')
        outColumns.push({ name: names[i] ?? '', type, hasDefault: false });
      if (mode === 'o' || mode === 't') return;
      args.push({ name: names[i] ?? '', type, hasDefault: false });
    });
    for (let i = args.length - row.ndefaults; i < args.length; i++) {
      const arg = args[i];
      if (arg) arg.hasDefault = true;
    }
    const fn: PgFunction = {
      schema: row.schema,
      name: row.name,
      args,
      returnType: row.return_type,
      returnsSet: row.returns_set,
      returnsComposite: row.typtype === 'c',
      returnsVoid: row.is_void,
      volatility: row.volatility as PgFunction['volatility'],
      returnTable: row.return_table ?? undefined,
      outColumns,
      firstArgTable: row.first_arg_table ?? undefined,
      rows: Number(row.rows),
    };
    const k = key(row.schema, row.name);
    functions.set(k, [...(functions.get(k) ?? []), fn]);
  }
  // PostgREST reads its in-database settings from the role it logs in as, a database's own setting first
  const setting = await db.query<{ value: string | null }>(
    `select (select substr(c, strpos(c, '=') + 1) from pg_db_role_setting s, unnest(s.setconfig) c
      where s.setrole = (select oid from pg_roles where rolname = 'authenticator')
        and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
        and substr(c, 1, strpos(c, '=') - 1) = 'pgrst.db_aggregates_enabled'
      order by s.setdatabase desc limit 1) as value`,
  );
  const off = setting.rows[0]?.value?.trim().toLowerCase();
  const aggregatesEnabled = !(off === 'false' || off === 'off' || off === '0');
  return { tables, foreignKeys, functions, aggregatesEnabled };
}
