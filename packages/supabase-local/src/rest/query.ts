// Turns parsed PostgREST requests into one SQL statement each. Every value is a bind parameter and every
// identifier is quoted; type names come only from the catalog (or a strict cast pattern).

import { RestError, restError } from './errors.ts';
import { type Condition, type Field, type Filter, type OrderTerm, parseList, type SelectItem } from './parse.ts';
import { type ForeignKey, key, type SchemaCache, type Table } from './schema.ts';

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
    if (!column) {
      throw restError(400, '42703', `column ${table.name}.${field.name} does not exist`);
    }
    let sql = `${alias}.${ident(column.name)}`;
    let type = column.type === 'character' ? 'text' : column.type;
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

  orderBy(table: Table, alias: string, terms: OrderTerm[] | undefined): string {
    if (!terms?.length) return '';
    const parts = terms.map((t) => {
      const { sql } = this.field(table, alias, t.field);
      return `${sql}${t.dir ? ` ${t.dir}` : ''}${t.nulls ? ` nulls ${t.nulls}` : ''}`;
    });
    return ` order by ${parts.join(', ')}`;
  }

  /** The select list of `items` over `table` aliased `alias`; also adds `!inner` conditions to `where`. */
  selectList(table: Table, alias: string, items: SelectItem[], scope: Scope, where: string[]): string {
    const list = items.length ? items : [{ type: 'star' } as SelectItem];
    const parts: string[] = [];
    for (const item of list) {
      if (item.type === 'star') {
        parts.push(`${alias}.*`);
        continue;
      }
      if (item.type === 'column') {
        let { sql } = this.field(table, alias, item.field);
        if (item.cast) sql = `(${sql})::${item.cast}`;
        const last = item.field.path[item.field.path.length - 1];
        const name = item.alias ?? (last ? last.key : item.field.name);
        parts.push(`${sql} as ${ident(name)}`);
        continue;
      }
      const rel = this.relationship(table, item.name, item.hint);
      const childScope = scope.children.get(item.alias ?? item.name) ?? scope.children.get(item.name) ?? emptyScope();
      const child = this.alias();
      const childWhere = [rel.join(alias, child)];
      for (const c of childScope.conditions) childWhere.push(this.condition(rel.target, child, c));
      const innerWhere: string[] = [];
      const childList = this.selectList(rel.target, child, item.select, childScope, innerWhere);
      const whereSql = [...childWhere, ...innerWhere].join(' and ');
      const name = item.alias ?? item.name;
      const row = `_e${this.#aliases++}`;
      // `books=not.is.null` / `books=is.null` on an embed: keep parents with / without a match
      scope.conditions = scope.conditions.filter((c) => {
        if (c.type !== 'filter' || c.field.name !== name || c.field.path.length || c.op !== 'is') return true;
        if (c.value.toLowerCase() !== 'null' || table.columns.has(name)) return true;
        const exists = `exists (select 1 from ${qualified(rel.target)} ${child} where ${whereSql})`;
        where.push(c.negate ? exists : `not ${exists}`);
        return false;
      });
      if (item.spread) {
        if (!rel.toOne) {
          throw restError(
            400,
            'PGRST119',
            `A spread operation on '${item.name}' is only supported on to-one relationships`,
          );
        }
        // one scalar subquery per spread column: `...authors(name, country)` → name, country
        const columns = item.select.length
          ? item.select
          : [...rel.target.columns.keys()].map((c) => ({ type: 'column', field: { name: c, path: [] } }) as SelectItem);
        for (const column of columns) {
          if (column.type !== 'column') throw restError(400, 'PGRST100', 'Only columns can be spread');
          let { sql } = this.field(rel.target, child, column.field);
          if (column.cast) sql = `(${sql})::${column.cast}`;
          const last = column.field.path[column.field.path.length - 1];
          const key = column.alias ?? (last ? last.key : column.field.name);
          parts.push(
            `(select ${sql} from ${qualified(rel.target)} ${child} where ${whereSql} limit 1) as ${ident(key)}`,
          );
        }
        if (item.inner) where.push(`exists (select 1 from ${qualified(rel.target)} ${child} where ${whereSql})`);
        continue;
      }
      if (rel.toOne) {
        parts.push(
          `(select row_to_json(${row}) from (select ${childList} from ${qualified(rel.target)} ${child} where ${whereSql} limit 1) ${row}) as ${ident(name)}`,
        );
      } else {
        const order = this.orderBy(rel.target, child, childScope.order);
        const limit = childScope.limit !== undefined ? ` limit ${childScope.limit}` : '';
        const offset = childScope.offset ? ` offset ${childScope.offset}` : '';
        parts.push(
          `coalesce((select json_agg(${row}) from (select ${childList} from ${qualified(rel.target)} ${child} where ${whereSql}${order}${limit}${offset}) ${row}), '[]'::json) as ${ident(name)}`,
        );
      }
      if (item.inner) {
        where.push(`exists (select 1 from ${qualified(rel.target)} ${child} where ${whereSql})`);
      }
    }
    return parts.join(', ');
  }

  /** Finds the foreign key that links `table` and an embedded resource named `name` (a table, a column or a key). */
  relationship(
    table: Table,
    name: string,
    hint?: string,
  ): { target: Table; toOne: boolean; join: (parent: string, child: string) => string } {
    const fks = this.cache.foreignKeys;
    const candidates: { fk: ForeignKey; target: Table; forward: boolean }[] = [];
    const target = this.cache.tables.get(key(table.schema, name)) ?? this.cache.tables.get(key(this.schema, name));
    const matchesHint = (fk: ForeignKey) =>
      !hint || fk.name === hint || fk.columns.includes(hint) || fk.refColumns.includes(hint);
    if (target) {
      for (const fk of fks) {
        // table → target (many-to-one)
        if (fk.schema === table.schema && fk.table === table.name && fk.refSchema === target.schema) {
          if (fk.refTable === target.name && matchesHint(fk)) candidates.push({ fk, target, forward: true });
        }
        // target → table (one-to-many); a self reference counts in both directions
        if (fk.schema === target.schema && fk.table === target.name && fk.refSchema === table.schema) {
          if (fk.refTable === table.name && matchesHint(fk)) candidates.push({ fk, target, forward: false });
        }
      }
    } else {
      // `author_id(name)` or `books_author_id_fkey(name)`: a column or constraint of this table's foreign keys
      for (const fk of fks) {
        if (fk.schema !== table.schema || fk.table !== table.name) continue;
        if (fk.name === name || (fk.columns.length === 1 && fk.columns[0] === name)) {
          const ref = this.cache.tables.get(key(fk.refSchema, fk.refTable));
          if (ref) candidates.push({ fk, target: ref, forward: true });
        }
      }
    }
    if (!candidates.length && target) {
      // many-to-many through a junction table with foreign keys to both sides
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
      if (junctions.length === 1) {
        const { via, to } = junctions[0] as (typeof junctions)[number];
        const j = this.alias();
        const junction = `${ident(via.schema)}.${ident(via.table)}`;
        return {
          target,
          toOne: false,
          join: (parent, child) =>
            `exists (select 1 from ${junction} ${j} where ${via.columns
              .map((c, i) => `${j}.${ident(c)} = ${parent}.${ident(via.refColumns[i] as string)}`)
              .concat(to.columns.map((c, i) => `${j}.${ident(c)} = ${child}.${ident(to.refColumns[i] as string)}`))
              .join(' and ')})`,
        };
      }
    }
    if (!candidates.length) {
      throw restError(
        400,
        'PGRST200',
        `Could not find a relationship between '${table.name}' and '${name}' in the schema cache`,
        `Searched for a foreign key relationship between '${table.name}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${table.schema}', but no matches were found.`,
        null,
      );
    }
    if (candidates.length > 1) {
      throw new RestError(300, {
        code: 'PGRST201',
        details: JSON.stringify(
          candidates.map((c) => ({
            cardinality: c.forward ? 'many-to-one' : 'one-to-many',
            embedding: `${table.name} with ${c.target.name}`,
            relationship: `${c.fk.name} using ${c.fk.table}(${c.fk.columns.join(', ')}) and ${c.fk.refTable}(${c.fk.refColumns.join(', ')})`,
          })),
        ),
        hint: `Try changing '${name}' to one of the following: ${candidates.map((c) => `'${name}!${c.fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
        message: `Could not embed because more than one relationship was found for '${table.name}' and '${name}'`,
      });
    }
    const { fk, target: t, forward } = candidates[0] as (typeof candidates)[number];
    const pairs = fk.columns.map((c, i) => [c, fk.refColumns[i] as string] as const);
    if (forward) {
      return {
        target: t,
        toOne: true,
        join: (parent, child) => pairs.map(([c, r]) => `${child}.${ident(r)} = ${parent}.${ident(c)}`).join(' and '),
      };
    }
    const unique = t.uniques.some((u) => u.length === fk.columns.length && u.every((c) => fk.columns.includes(c)));
    return {
      target: t,
      toOne: unique,
      join: (parent, child) => pairs.map(([c, r]) => `${child}.${ident(c)} = ${parent}.${ident(r)}`).join(' and '),
    };
  }
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
