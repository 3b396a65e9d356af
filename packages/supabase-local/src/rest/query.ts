// Turns parsed PostgREST requests into one SQL statement each. Every value is a bind parameter and every
// identifier is quoted; type names come only from the catalog (or a strict cast pattern).

import { notEmbeddedError, RestError, restError } from './errors.ts';
import { closestEntry } from './fuzzy-set.ts';
import {
  type AggregateFn,
  type Condition,
  type Field,
  type Filter,
  type OrderTerm,
  parseList,
  type SelectItem,
} from './parse.ts';
import { type ForeignKey, key, type PgFunction, type SchemaCache, type Table } from './schema.ts';

export const ident = (name: string): string => {
  if (name.includes('\0')) throw restError(400, 'PGRST100', 'Invalid identifier');
  return `"${name.replace(/"/g, '""')}"`;
};

export const qualified = (table: { schema: string; name: string }): string =>
  `${ident(table.schema)}.${ident(table.name)}`;

/** Query parameters scoped to one embedding level (`books.order=…` belongs to the `books` embed). */
export interface Scope {
  conditions: Condition[];
  order?: OrderTerm[];
  limit?: number;
  offset?: number;
  children: Map<string, Scope>;
}

export const emptyScope = (): Scope => ({ conditions: [], children: new Map() });

export class Builder {
  readonly params: unknown[] = [];
  #aliases = 0;

  constructor(
    readonly cache: SchemaCache,
    readonly schema: string,
  ) {}

  param(value: unknown): string {
    if (typeof value === 'string' && value.includes('\0')) {
      throw restError(400, '22021', 'invalid byte sequence for encoding "UTF8": 0x00');
    }
    this.params.push(value);
    return `$${this.params.length}`;
  }

  alias(): string {
    return `_t${this.#aliases++}`;
  }

  /** The SQL expression for a field of `alias` and the type its values should be cast to. */
  field(table: Table, alias: string, field: Field): { sql: string; type: string } {
    const column = table.columns.get(field.name);
    const computed = column ? undefined : this.#computedField(table, alias, field.name);
    if (!column && !computed) {
      throw restError(400, '42703', `column ${table.name}.${field.name} does not exist`);
    }
    let sql = column ? `${alias}.${ident(column.name)}` : (computed?.sql as string);
    let type = column ? (column.type === 'character' ? 'text' : column.type) : (computed?.type as string);
    for (const step of field.path) {
      const k = /^-?\d+$/.test(step.key) ? step.key : `${this.param(step.key)}::text`;
      sql = `(${sql}${step.arrow}${k})`;
      type = step.arrow === '->>' ? 'text' : type === 'json' ? 'json' : 'jsonb';
    }
    return { sql, type };
  }

  typed(value: string, type: string): string {
    return `${this.param(value)}::text::${type}`;
  }

  filter(table: Table, alias: string, f: Filter): string {
    const { sql: lhs, type } = this.field(table, alias, f.field);
    const sql = this.#operator(lhs, type, f);
    return f.negate ? `not (${sql})` : sql;
  }

  #operator(lhs: string, type: string, f: Filter): string {
    const comparisons: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };
    const ranges: Record<string, string> = {
      cs: '@>',
      cd: '<@',
      ov: '&&',
      sl: '<<',
      sr: '>>',
      nxr: '&<',
      nxl: '&>',
      adj: '-|-',
    };
    const value = f.value;
    const quantified = f.modifier === 'any' || f.modifier === 'all' ? f.modifier : undefined;
    const listOf = (elementType: string, values: string[]) =>
      `array[${values.map((v) => `${this.param(v)}::text`).join(', ')}]::${elementType}[]`;
    const quantifiedList = (elementType: string) => {
      const values = value.startsWith('{') ? parsePgArray(value) : parseList(value);
      return `${quantified}(${values.length ? listOf(elementType, values) : `'{}'::${elementType}[]`})`;
    };
    const op = comparisons[f.op];
    if (op) return quantified ? `${lhs} ${op} ${quantifiedList(type)}` : `${lhs} ${op} ${this.typed(value, type)}`;
    switch (f.op) {
      case 'like':
      case 'ilike': {
        const keyword = f.op === 'like' ? 'like' : 'ilike';
        if (quantified) {
          const values = (value.startsWith('{') ? parsePgArray(value) : parseList(value)).map((v) =>
            v.replace(/\*/g, '%'),
          );
          return `${lhs}::text ${keyword} ${quantified}(${values.length ? listOf('text', values) : `'{}'::text[]`})`;
        }
        return `${lhs}::text ${keyword} ${this.param(value.replace(/\*/g, '%'))}::text`;
      }
      case 'match':
        return `${lhs}::text ~ ${this.param(value)}::text`;
      case 'imatch':
        return `${lhs}::text ~* ${this.param(value)}::text`;
      case 'is': {
        const v = value.toLowerCase();
        if (v === 'null') return `${lhs} is null`;
        if (v === 'not_null') return `${lhs} is not null`;
        if (v === 'true' || v === 'false' || v === 'unknown') return `${lhs} is ${v}`;
        throw restError(400, 'PGRST100', `"failed to parse filter (is.${value})" (line 1, column 4)`);
      }
      case 'isdistinct':
        return `${lhs} is distinct from ${this.typed(value, type)}`;
      case 'in': {
        const values = parseList(value);
        if (!values.length) return 'false';
        return `${lhs} in (${values.map((v) => this.typed(v, type)).join(', ')})`;
      }
      case 'fts':
      case 'plfts':
      case 'phfts':
      case 'wfts': {
        const fn = {
          fts: 'to_tsquery',
          plfts: 'plainto_tsquery',
          phfts: 'phraseto_tsquery',
          wfts: 'websearch_to_tsquery',
        }[f.op];
        const config = f.modifier ? `${this.param(f.modifier)}::regconfig, ` : '';
        const vector = type === 'tsvector' ? lhs : `to_tsvector(${config}${lhs}::text)`;
        return `${vector} @@ ${fn}(${config}${this.param(value)}::text)`;
      }
      default: {
        const rop = ranges[f.op];
        if (!rop) throw restError(400, 'PGRST100', `unknown operator ${f.op}`);
        if (value.startsWith('(') && type.endsWith('[]')) {
          const values = parseList(value);
          return `${lhs} ${rop} ${values.length ? listOf(type.slice(0, -2), values) : `'{}'::${type}`}`;
        }
        return `${lhs} ${rop} ${this.typed(value, type)}`;
      }
    }
  }

  condition(table: Table, alias: string, c: Condition): string {
    if (c.type === 'filter') return this.filter(table, alias, c);
    if (!c.children.length) return c.negate ? 'false' : 'true';
    const joined = `(${c.children.map((child) => this.condition(table, alias, child)).join(` ${c.op} `)})`;
    return c.negate ? `not ${joined}` : joined;
  }

  /** ` order by …` for `terms`; `embeds` are the level's embedded resources, for `author(name)` terms. */
  orderBy(table: Table, alias: string, terms: OrderTerm[] | undefined, embeds?: Map<string, Embed>): string {
    if (!terms?.length) return '';
    const parts = terms.map((t) => {
      const sql = t.relation
        ? this.#relatedOrder(table, t.relation, t.field, embeds)
        : this.field(table, alias, t.field).sql;
      return `${sql}${t.dir ? ` ${t.dir}` : ''}${t.nulls ? ` nulls ${t.nulls}` : ''}`;
    });
    return ` order by ${parts.join(', ')}`;
  }

  /** `order=author(name)`: the column of a to-one embed of this level (PostgREST 11+). */
  #relatedOrder(table: Table, relation: string, field: Field, embeds: Map<string, Embed> | undefined): string {
    const embed = embeds?.get(relation);
    if (!embed) {
      throw notEmbeddedError(relation);
    }
    if (!embed.toOne) {
      throw restError(
        400,
        'PGRST118',
        `A related order on '${relation}' is not possible`,
        `'${table.name}' and '${relation}' do not form a many-to-one or one-to-one relationship`,
      );
    }
    return embed.value(field);
  }

  /**
   * One level of a read: `select … from <from> where … order by … limit …`, the scope's filters applied. With
   * aggregates in the select list the rows are grouped by every other output column, as PostgREST does
   * (`select=amount.sum(),order_date`).
   */
  read(opts: {
    table: Table;
    alias: string;
    from: string;
    items: SelectItem[];
    scope: Scope;
    where?: string[];
    limit?: number;
    offset?: number;
    /** Defaults to the scope's order. */
    order?: OrderTerm[];
  }): { sql: string /** ` where …` (or nothing), to count the rows read. */; where: string } {
    const { table, alias, scope } = opts;
    const level = this.#level(table, alias, opts.items, scope, opts.where ?? [], 0);
    return {
      sql: this.#select(table, alias, opts.from, level, opts.order ?? scope.order, opts.limit, opts.offset),
      where: level.conds.length ? ` where ${level.conds.join(' and ')}` : '',
    };
  }

  /** The output columns of one level and its conditions (join, filters, `!inner` and `embed=is.null` tests). */
  #level(table: Table, alias: string, items: SelectItem[], scope: Scope, where: string[], depth: number): Level {
    const extra: string[] = [];
    const embeds = new Map<string, Embed>();
    const columns = this.#columns(table, alias, items, scope, extra, embeds, depth);
    const conds = [...where, ...scope.conditions.map((c) => this.condition(table, alias, c)), ...extra];
    return { columns, conds, embeds };
  }

  #select(
    table: Table,
    alias: string,
    from: string,
    { columns, conds, embeds }: Level,
    order: OrderTerm[] | undefined,
    limit: number | undefined,
    offset: number | undefined,
  ): string {
    const whereSql = conds.length ? ` where ${conds.join(' and ')}` : '';
    const paging = `${limit !== undefined ? ` limit ${limit}` : ''}${offset ? ` offset ${offset}` : ''}`;
    if (!columns.some((c) => c.aggregate)) {
      const list = columns.map((c) => (c.star ? c.sql : `${c.sql} as ${ident(c.name)}`)).join(', ');
      return `select ${list} from ${from}${whereSql}${this.orderBy(table, alias, order, embeds)}${paging}`;
    }
    // the rows first, then grouped by every output column that is not an aggregate
    const cols = columns.flatMap((c) => (c.star ? this.#starColumns(table, alias) : [c]));
    const inner = cols.flatMap((c, i) => (c.sql ? [`${c.sql} as _c${i}`] : []));
    const groups = cols.flatMap((c, i) => (c.aggregate ? [] : [c.json ? `_g._c${i}::text` : `_g._c${i}`]));
    const outer = cols.map((c, i) => {
      if (c.aggregate) {
        const call = `${c.aggregate.fn}(${c.sql ? `_g._c${i}` : '*'})`;
        return `${c.aggregate.cast ? `(${call})::${c.aggregate.cast}` : call} as ${ident(c.name)}`;
      }
      return `${c.json ? `_g._c${i}::text::json` : `_g._c${i}`} as ${ident(c.name)}`;
    });
    const orderSql = (order ?? []).map((t) => {
      const same = (f?: Field) =>
        f && f.name === t.field.name && JSON.stringify(f.path) === JSON.stringify(t.field.path);
      const i = t.relation ? -1 : cols.findIndex((c) => !c.aggregate && same(c.field));
      if (i === -1) {
        throw restError(
          400,
          '42803',
          `column "${table.name}.${t.field.name}" must appear in the GROUP BY clause or be used in an aggregate function`,
        );
      }
      return `_g._c${i}${t.dir ? ` ${t.dir}` : ''}${t.nulls ? ` nulls ${t.nulls}` : ''}`;
    });
    return `select ${outer.join(', ')} from (select ${inner.join(', ') || 'null'} from ${from}${whereSql}) _g${
      groups.length ? ` group by ${groups.join(', ')}` : ''
    }${orderSql.length ? ` order by ${orderSql.join(', ')}` : ''}${paging}`;
  }

  #starColumns(table: Table, alias: string): OutColumn[] {
    return [...table.columns.keys()].map((name) => ({
      name,
      sql: `${alias}.${ident(name)}`,
      field: { name, path: [] },
    }));
  }

  /** The output columns of `items` over `table` aliased `alias`; `!inner` and `embed=is.null` tests go to `where`. */
  #columns(
    table: Table,
    alias: string,
    items: SelectItem[],
    scope: Scope,
    where: string[],
    embeds: Map<string, Embed>,
    depth: number,
  ): OutColumn[] {
    const list = items.length ? items : [{ type: 'star' } as SelectItem];
    const out: OutColumn[] = [];
    const embedNames = new Set<string>();
    for (const item of list) {
      if (item.type === 'star') {
        out.push({ name: '*', sql: `${alias}.*`, star: true });
        continue;
      }
      if (item.type === 'aggregate' || (item.type === 'column' && this.#legacyCount(table, item))) {
        if (!this.cache.aggregatesEnabled)
          throw restError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
        if (item.type === 'column') {
          out.push({ name: item.alias ?? 'count', aggregate: { fn: 'count', cast: item.cast } });
          continue;
        }
        let sql: string | undefined;
        if (item.field) {
          sql = this.field(table, alias, item.field).sql;
          if (item.inputCast) sql = `(${sql})::${item.inputCast}`;
        }
        out.push({ name: item.alias ?? item.fn, sql, aggregate: { fn: item.fn, cast: item.cast } });
        continue;
      }
      if (item.type === 'column') {
        let { sql } = this.field(table, alias, item.field);
        if (item.cast) sql = `(${sql})::${item.cast}`;
        const last = item.field.path[item.field.path.length - 1];
        out.push({
          name: item.alias ?? (last ? last.key : item.field.name),
          sql,
          field: item.cast ? undefined : item.field,
        });
        continue;
      }
      const name = item.alias ?? item.name;
      if (!item.spread) {
        // PostgREST names each embed's join `<parent>_<embed>_<depth>`: the same name twice is PostgreSQL's 42712
        if (embedNames.has(name)) {
          throw restError(400, '42712', `table name "${table.name}_${name}_${depth + 1}" specified more than once`);
        }
        embedNames.add(name);
      }
      const rel = this.relationship(table, item.name, item.hint);
      const childScope = scope.children.get(name) ?? scope.children.get(item.name) ?? emptyScope();
      const child = this.alias();
      const from = rel.from(alias, child);
      const childItems =
        item.spread && item.select.some((i) => i.type === 'star')
          ? item.select.flatMap((i) =>
              i.type === 'star'
                ? [...rel.target.columns.keys()].map(
                    (c) => ({ type: 'column', field: { name: c, path: [] } }) as SelectItem,
                  )
                : [i],
            )
          : item.select;
      const level = this.#level(rel.target, child, childItems, childScope, [rel.join(alias, child)], depth + 1);
      const exists = `exists (select 1 from ${from} where ${level.conds.join(' and ')})`;
      // `books=not.is.null` / `books=is.null` on an embed: keep parents with / without a match
      scope.conditions = scope.conditions.filter((c) => {
        if (c.type !== 'filter' || c.field.name !== name || c.field.path.length || c.op !== 'is') return true;
        if (c.value.toLowerCase() !== 'null' || table.columns.has(name)) return true;
        where.push(c.negate ? exists : `not ${exists}`);
        return false;
      });
      if (item.inner) where.push(exists);
      embeds.set(name, {
        toOne: rel.toOne,
        value: (field) =>
          `(select ${this.field(rel.target, child, field).sql} from ${from} where ${level.conds.join(' and ')} limit 1)`,
      });
      // `users()` embeds nothing: it is there to filter (`users!inner()`, `users=not.is.null`)
      if (!item.select.length) continue;
      const whereSql = level.conds.join(' and ');
      if (item.spread) {
        out.push(...this.#spread(item.name, rel, child, from, whereSql, level.columns, childScope));
        continue;
      }
      const body = rel.toOne
        ? this.#select(rel.target, child, from, level, undefined, 1, undefined)
        : this.#select(rel.target, child, from, level, childScope.order, childScope.limit, childScope.offset);
      const row = `_e${this.#aliases++}`;
      out.push({
        name,
        json: true,
        sql: rel.toOne
          ? `(select row_to_json(${row}) from (${body}) ${row})`
          : `coalesce((select json_agg(${row}) from (${body}) ${row}), '[]'::json)`,
      });
    }
    return out;
  }

  /**
   * `...authors(name, country)`: each column of a to-one embed becomes a column of the parent (aggregates in it
   * aggregate over the parent's rows); of a to-many embed, an array of its values (PostgREST 13).
   */
  #spread(
    name: string,
    rel: Relationship,
    child: string,
    from: string,
    whereSql: string,
    columns: OutColumn[],
    scope: Scope,
  ): OutColumn[] {
    if (rel.toOne) {
      return columns.map((c) => ({
        ...c,
        sql: c.sql === undefined ? undefined : `(select ${c.sql} from ${from} where ${whereSql} limit 1)`,
        field: undefined,
      }));
    }
    if (columns.some((c) => c.aggregate)) {
      throw restError(
        400,
        'PGRST127',
        'Feature not implemented',
        `Aggregates are not implemented for one-to-many or many-to-many spreads (in '${name}').`,
      );
    }
    const order = this.orderBy(rel.target, child, scope.order);
    const paging = `${scope.limit !== undefined ? ` limit ${scope.limit}` : ''}${scope.offset ? ` offset ${scope.offset}` : ''}`;
    return columns.map((c) => ({
      name: c.name,
      json: true,
      sql: `coalesce((select json_agg(_s.v) from (select ${c.sql} as v from ${from} where ${whereSql}${order}${paging}) _s), '[]'::json)`,
    }));
  }

  /** `select=count` and `books(count)`: PostgREST's older spelling of `count()`, when no column is named so. */
  #legacyCount(table: Table, item: Extract<SelectItem, { type: 'column' }>): boolean {
    return item.field.name === 'count' && !item.field.path.length && !table.columns.has('count');
  }

  /** A function taking `table`'s row type as its only required argument, e.g. `full_name(people)`. */
  #rowFunction(table: Table, name: string): PgFunction[] {
    const tableKey = key(table.schema, table.name);
    const fns = this.cache.functions.get(key(table.schema, name)) ?? [];
    return fns.filter((fn) => fn.firstArgTable === tableKey && fn.args.slice(1).every((a) => a.hasDefault));
  }

  /** Computed fields: `select=full_name` reads `full_name(people)`; they also work in filters and order. */
  #computedField(table: Table, alias: string, name: string): { sql: string; type: string } | undefined {
    const fn = this.#rowFunction(table, name).find((f) => !f.returnsSet);
    if (!fn) return undefined;
    return {
      sql: `${ident(fn.schema)}.${ident(fn.name)}(${alias}::${qualified(table)})`,
      type: fn.returnType === 'character' ? 'text' : fn.returnType,
    };
  }

  /** Finds how `table` reaches an embedded resource named `name`: a function of its row, a foreign key, a junction. */
  relationship(table: Table, name: string, hint?: string): Relationship {
    // computed relationships (`recent:get_messages(id,message)`) take precedence, as in PostgREST
    const fn = this.#rowFunction(table, name).find((f) => f.returnTable);
    const returned = fn?.returnTable ? this.cache.tables.get(fn.returnTable) : undefined;
    if (fn && returned) {
      return {
        target: returned,
        toOne: !fn.returnsSet || fn.rows === 1,
        from: (parent, child) => `${ident(fn.schema)}.${ident(fn.name)}(${parent}::${qualified(table)}) ${child}`,
        join: () => 'true',
      };
    }
    const fks = this.cache.foreignKeys;
    const candidates: { fk: ForeignKey; target: Table; forward: boolean }[] = [];
    const target = this.cache.tables.get(key(table.schema, name)) ?? this.cache.tables.get(key(this.schema, name));
    const matchesHint = (fk: ForeignKey) =>
      !hint || fk.name === hint || (fk.columns.length === 1 && (fk.columns[0] === hint || fk.refColumns[0] === hint));
    if (target) {
      for (const fk of fks) {
        const forward =
          fk.schema === table.schema &&
          fk.table === table.name &&
          fk.refSchema === target.schema &&
          fk.refTable === target.name;
        const backward =
          fk.schema === target.schema &&
          fk.table === target.name &&
          fk.refSchema === table.schema &&
          fk.refTable === table.name;
        if (forward && backward) {
          // a self reference is one key read both ways: the table's name embeds the children (one-to-many,
          // `children:people(*)` or `people!parent_id(*)`); the column's name the parent (`parent_id(*)`)
          if (!hint || (fk.columns.length === 1 && fk.columns[0] === hint)) {
            candidates.push({ fk, target, forward: false });
          }
          continue;
        }
        if (forward && matchesHint(fk)) candidates.push({ fk, target, forward: true });
        if (backward && matchesHint(fk)) candidates.push({ fk, target, forward: false });
      }
    } else if (!hint) {
      // `author_id(name)` or `books_author_id_fkey(name)`: a constraint or a single-column key's column on this side
      // (the referencing column, or the referenced one for the other direction). As PostgREST's findRel
      // (src/PostgREST/Plan.hs) does, this never reaches a view: a view over the other table carries the same
      // constraint and columns, and naming it (`customer_view!customer_id`) is the way to embed it. A self reference
      // answers only its column, with the parent. With a hint the target must name a table or view (PGRST200).
      const single = (columns: string[]) => columns.length === 1 && columns[0] === name;
      for (const fk of fks) {
        const own = fk.schema === table.schema && fk.table === table.name;
        const referenced = fk.refSchema === table.schema && fk.refTable === table.name;
        if (own && referenced) {
          const self = single(fk.columns) ? this.cache.tables.get(key(fk.refSchema, fk.refTable)) : undefined;
          if (self) candidates.push({ fk, target: self, forward: true });
          continue;
        }
        if (own && (fk.name === name || single(fk.columns))) {
          const ref = this.cache.tables.get(key(fk.refSchema, fk.refTable));
          if (ref && ref.kind !== 'view') candidates.push({ fk, target: ref, forward: true });
        } else if (referenced && (fk.name === name || single(fk.refColumns))) {
          const referencing = this.cache.tables.get(key(fk.schema, fk.table));
          if (referencing && referencing.kind !== 'view') candidates.push({ fk, target: referencing, forward: false });
        }
      }
    }
    if (!candidates.length && target) {
      const junction = this.#junction(table, target, hint);
      if (junction) return junction;
    }
    if (!candidates.length) {
      throw restError(
        400,
        'PGRST200',
        `Could not find a relationship between '${table.name}' and '${name}' in the schema cache`,
        `Searched for a foreign key relationship between '${table.name}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${table.schema}', but no matches were found.`,
        this.#noRelationshipHint(table, name),
      );
    }
    if (candidates.length > 1) {
      throw new RestError(300, {
        code: 'PGRST201',
        details: candidates.map(({ fk, target: t, forward }) => ({
          cardinality: fk.oneToOne ? 'one-to-one' : forward ? 'many-to-one' : 'one-to-many',
          embedding: `${table.name} with ${t.name}`,
          relationship: forward
            ? `${fk.name} using ${table.name}(${fk.columns.join(', ')}) and ${t.name}(${fk.refColumns.join(', ')})`
            : `${fk.name} using ${table.name}(${fk.refColumns.join(', ')}) and ${t.name}(${fk.columns.join(', ')})`,
        })),
        hint: `Try changing '${name}' to one of the following: ${candidates.map((c) => `'${c.target.name}!${c.fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
        message: `Could not embed because more than one relationship was found for '${table.name}' and '${name}'`,
      });
    }
    const { fk, target: t, forward } = candidates[0] as (typeof candidates)[number];
    const pairs = fk.columns.map((c, i) => [c, fk.refColumns[i] as string] as const);
    const from = (_parent: string, child: string) => `${qualified(t)} ${child}`;
    if (forward) {
      return {
        target: t,
        toOne: true,
        from,
        join: (parent, child) => pairs.map(([c, r]) => `${child}.${ident(r)} = ${parent}.${ident(c)}`).join(' and '),
      };
    }
    return {
      target: t,
      toOne: fk.oneToOne,
      from,
      join: (parent, child) => pairs.map(([c, r]) => `${child}.${ident(c)} = ${parent}.${ident(r)}`).join(' and '),
    };
  }

  /** The names of what `table` has a relationship with: keys both ways (views too), junctions, functions of its row. */
  #related(table: Table): string[] {
    const names: string[] = [];
    const is = (schema: string, name: string) => schema === table.schema && name === table.name;
    for (const fk of this.cache.foreignKeys) {
      if (is(fk.schema, fk.table)) names.push(fk.refTable);
      if (is(fk.refSchema, fk.refTable)) {
        names.push(fk.table);
        for (const to of this.cache.foreignKeys) {
          if (to !== fk && to.schema === fk.schema && to.table === fk.table) names.push(to.refTable);
        }
      }
    }
    const tableKey = key(table.schema, table.name);
    for (const fns of this.cache.functions.values()) {
      for (const fn of fns) {
        const returned = fn.firstArgTable === tableKey && fn.returnTable && this.cache.tables.get(fn.returnTable);
        if (returned) names.push(returned.name);
      }
    }
    return names;
  }

  /**
   * PGRST200's hint, PostgREST's noRelBetweenHint (src/PostgREST/Error.hs): when `table` has relationships, the
   * closest name among what it relates to (none when `name` is one of them, the hint being what failed); when it has
   * none, the closest table of the schema that has some.
   */
  #noRelationshipHint(table: Table, name: string): string | null {
    const children = this.#related(table);
    if (children.length) {
      if (children.some((c) => c.toLowerCase() === name.toLowerCase())) return null;
      const child = closestEntry(children, name);
      return child ? `Perhaps you meant '${child}' instead of '${name}'.` : null;
    }
    const parents = [...this.cache.tables.values()].filter((t) => t.schema === table.schema && this.#related(t).length);
    const parent = closestEntry(
      parents.map((t) => t.name),
      table.name,
    );
    return parent ? `Perhaps you meant '${parent}' instead of '${table.name}'.` : null;
  }

  /** Many-to-many through a junction table with foreign keys to both sides. */
  #junction(table: Table, target: Table, hint?: string): Relationship | undefined {
    const fks = this.cache.foreignKeys;
    const junctions: { via: ForeignKey; to: ForeignKey }[] = [];
    for (const via of fks) {
      if (via.refSchema !== table.schema || via.refTable !== table.name) continue;
      for (const to of fks) {
        if (to === via || to.schema !== via.schema || to.table !== via.table) continue;
        if (to.refSchema !== target.schema || to.refTable !== target.name) continue;
        if (hint && hint !== via.table && hint !== via.name && hint !== to.name) continue;
        junctions.push({ via, to });
      }
    }
    if (junctions.length !== 1) return undefined;
    const { via, to } = junctions[0] as (typeof junctions)[number];
    const j = this.alias();
    const junction = `${ident(via.schema)}.${ident(via.table)}`;
    return {
      target,
      toOne: false,
      from: (_parent, child) => `${qualified(target)} ${child}`,
      join: (parent, child) =>
        `exists (select 1 from ${junction} ${j} where ${via.columns
          .map((c, i) => `${j}.${ident(c)} = ${parent}.${ident(via.refColumns[i] as string)}`)
          .concat(to.columns.map((c, i) => `${j}.${ident(c)} = ${child}.${ident(to.refColumns[i] as string)}`))
          .join(' and ')})`,
    };
  }
}

/** One output column of a select list. */
interface OutColumn {
  name: string;
  /** The value for each row, or an aggregate's input (none for `count()`). */
  sql?: string;
  /** `alias.*`, output as it is. */
  star?: boolean;
  aggregate?: { fn: AggregateFn; cast?: string };
  /** A JSON value (an embed): grouped by its text, as `json` has no equality operator. */
  json?: boolean;
  /** The column read, so that `order` can name it once rows are grouped. */
  field?: Field;
}

interface Level {
  columns: OutColumn[];
  conds: string[];
  /** The embedded resources by name or alias, for related order terms. */
  embeds: Map<string, Embed>;
}

interface Embed {
  toOne: boolean;
  /** A column of the embedded row, as a scalar subquery of the parent row. */
  value(field: Field): string;
}

export interface Relationship {
  target: Table;
  toOne: boolean;
  /** The FROM item of the embedded rows, aliased `child`. */
  from(parent: string, child: string): string;
  /** What ties them to the parent row. */
  join(parent: string, child: string): string;
}

/** `{a,"b c"}` → ['a', 'b c'] (one level). */
export function parsePgArray(input: string): string[] {
  const inner = input.trim().slice(1, -1);
  if (!inner) return [];
  const out: string[] = [];
  const re = /\s*("((?:[^"\\]|\\.)*)"|[^,]*)\s*(,|$)/gy;
  let m: RegExpExecArray | null = re.exec(inner);
  while (m && m[0] !== '') {
    out.push(m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[1] ?? '').trim());
    if (m[3] === '') break;
    m = re.exec(inner);
  }
  return out;
}
