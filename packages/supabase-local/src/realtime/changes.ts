// postgres_changes. Hosted Realtime reads the write-ahead log through a replication slot; PGlite has no logical
// replication, so on both engines a row trigger on each table of the supabase_realtime publication queues the
// change (src/sql/40-realtime.sql) and the commit's NOTIFY wakes this feed, which drains the queue with
// realtime.local_drain: filters and RLS are decided there, per subscription, as hosted Realtime's apply_rls does.
import pg from 'pg';
import { pgliteListen } from '../db/index.ts';
import type { Claims, Database } from '../types.ts';
import { type ChangeParams, parseChangeParams } from './filters.ts';

/** Who subscribes: a joined channel, as the feed sees it. */
export interface Subscriber {
  /** The claims the channel's RLS checks run with (updated by `access_token`). */
  claims: Claims;
  /** Sends one `postgres_changes` message to the channel. */
  deliver(payload: { ids: number[]; data: Record<string, unknown> }): void;
}

/** One `postgres_changes` entry of a join, with the id the join reply gives it. */
interface Binding {
  id: number;
  params: ChangeParams;
  relids: number[];
}

interface DrainedChange {
  change_id: string | number;
  rel: number;
  kind: 'INSERT' | 'UPDATE' | 'DELETE';
  commit_timestamp: string;
  new_row: Record<string, unknown> | null;
  old_row: Record<string, unknown> | null;
  meta: TableMeta;
  visible: string[];
  errors: Record<string, string>;
}

interface TableMeta {
  schema: string;
  table: string;
  rls: boolean;
  pk: string[];
  identity: string[];
  columns: { name: string; type: string }[];
  selectable: Record<string, string[]>;
}

const CHANNEL = 'supabase_local_realtime';
/** The advisory lock the capture trigger looks for (held by the session that listens). */
const LOCK = 'select pg_advisory_lock(21324, 19538)';
const MAX_RECORD_BYTES = 1024 * 1024;
const BATCH = 500;

/**
 * The outcome of subscribing a channel's entries: the join reply's list (each entry with its id, whether or not the
 * subscription worked, as Realtime replies before it subscribes) and, when it failed, Realtime's message.
 */
export interface SubscribeResult {
  reply: Record<string, unknown>[];
  error?: string;
}

export class ChangeFeed {
  readonly #db: Database;
  readonly #connectionString: string | undefined;
  readonly #subscribers = new Map<Subscriber, Binding[]>();
  #started: Promise<void> | undefined;
  #stop: (() => Promise<void>) | undefined;
  #draining = false;
  #again = false;
  #closed = false;
  /** Resolves when the current drain (and any it scheduled) is done: closing waits for it. */
  #idle: Promise<void> = Promise.resolve();

  constructor(db: Database, connectionString: string | undefined) {
    this.#db = db;
    this.#connectionString = connectionString;
  }

  /** Subscribes a channel's `postgres_changes` entries (replacing any it had). */
  async subscribe(subscriber: Subscriber, entries: unknown[]): Promise<SubscribeResult> {
    const bindings: Binding[] = [];
    const reply: Record<string, unknown>[] = [];
    let error: string | undefined;
    for (const entry of entries) {
      if (!entry || typeof entry !== 'object') continue;
      const raw = entry as Record<string, unknown>;
      const id = bindingId(raw);
      reply.push({ ...raw, id });
      const params = parseChangeParams(raw);
      if (typeof params === 'string') error ??= params;
      else bindings.push({ id, params, relids: [] });
    }
    if (error || bindings.length === 0) return { reply, error };
    try {
      await this.#start();
      for (const binding of bindings) {
        error = await this.#resolve(binding, subscriber.claims.role);
        if (error) return { reply, error };
      }
    } catch (failure) {
      return { reply, error: failure instanceof Error ? failure.message : String(failure) };
    }
    this.#subscribers.set(subscriber, bindings);
    return { reply };
  }

  unsubscribe(subscriber: Subscriber): void {
    this.#subscribers.delete(subscriber);
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#subscribers.clear();
    await this.#idle.catch(() => undefined);
    await this.#stop?.().catch(() => undefined);
  }

  /** The tables a binding names, checked as Realtime checks a new subscription. */
  async #resolve(binding: Binding, role: string): Promise<string | undefined> {
    const { params } = binding;
    const like = (name: string) => (name === '*' ? '%' : name.replace(/[\\%_]/g, '\\$&'));
    const tables = await this.#db.query<{ relid: number; columns: string[] }>(
      `select format('%I.%I', p.schemaname, p.tablename)::regclass::oid::int as relid,
         array(select a.attname::text from pg_attribute a
               where a.attrelid = format('%I.%I', p.schemaname, p.tablename)::regclass and a.attnum > 0
                 and not a.attisdropped
                 and (not exists (select 1 from pg_roles r where r.rolname = $3)
                      or has_column_privilege($3, a.attrelid, a.attnum, 'SELECT'))) as columns
       from pg_publication_tables p
       where p.pubname = 'supabase_realtime' and p.schemaname like $1 and p.tablename like $2`,
      [like(params.schema), like(params.table), role],
    );
    const described = describe(params);
    if (tables.rows.length === 0) {
      return (
        'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given ' +
        `connect parameters: [${described}]`
      );
    }
    for (const table of tables.rows) {
      const wrong =
        params.filters.find((f) => !table.columns.includes(f.column))?.column ??
        params.select?.find((c) => !table.columns.includes(c));
      if (wrong !== undefined) {
        const what = params.filters.some((f) => f.column === wrong) ? 'filter' : 'select';
        return (
          'Unable to subscribe to changes with given parameters. An exception happened so please check your ' +
          `connect parameters: [${described}]. Exception: ERROR P0001 (raise_exception) invalid column for ${what} ${wrong}`
        );
      }
    }
    binding.relids = tables.rows.map((t) => t.relid);
    await this.#db.query('select realtime.local_sync_capture()');
    return undefined;
  }

  /** Listens and takes the lock that switches the capture triggers on (once). */
  #start(): Promise<void> {
    this.#started ??= (async () => {
      if (this.#connectionString) {
        const client = new pg.Client({
          connectionString: this.#connectionString,
          application_name: 'supabase_local_realtime',
        });
        client.on('error', () => undefined);
        await client.connect();
        client.on('notification', () => this.#schedule());
        await client.query(`listen ${CHANNEL}`);
        await client.query(LOCK);
        this.#stop = () => client.end();
      } else {
        const listen = pgliteListen(this.#db);
        if (!listen) {
          throw new Error('postgres_changes needs a database opened by supabase-local (openDatabase)');
        }
        const unlisten = await listen(CHANNEL, () => this.#schedule());
        await this.#db.query(LOCK);
        this.#stop = async () => {
          await unlisten();
          await this.#db.query('select pg_advisory_unlock(21324, 19538)');
        };
      }
      // what a previous run left behind when it did not stop cleanly
      await this.#db.query('delete from realtime.local_changes');
    })();
    this.#started.catch(() => {
      this.#started = undefined;
    });
    return this.#started;
  }

  #schedule(): void {
    if (this.#closed) return;
    if (this.#draining) {
      this.#again = true;
      return;
    }
    this.#draining = true;
    this.#idle = (async () => {
      try {
        do {
          this.#again = false;
          let drained: number;
          do drained = await this.#drainOnce();
          while (drained === BATCH && !this.#closed);
        } while (this.#again && !this.#closed);
      } catch (error) {
        if (!this.#closed) console.error('[supabase-local] realtime:', error);
      } finally {
        this.#draining = false;
      }
    })();
  }

  async #drainOnce(): Promise<number> {
    // one group per distinct (table, event, role, claims, filters): the database decides visibility per group
    const groups = new Map<string, { sub: Record<string, unknown>; members: [Subscriber, Binding][] }>();
    for (const [subscriber, bindings] of this.#subscribers) {
      const claims = JSON.stringify(subscriber.claims);
      for (const binding of bindings) {
        for (const relid of binding.relids) {
          const sub = {
            relid,
            action: binding.params.action,
            role: subscriber.claims.role,
            claims,
            filters: binding.params.filters,
          };
          const key = JSON.stringify(sub);
          let group = groups.get(key);
          if (!group) {
            group = { sub: { key: String(groups.size), ...sub }, members: [] };
            groups.set(key, group);
          }
          group.members.push([subscriber, binding]);
        }
      }
    }
    const byKey = new Map([...groups.values()].map((g) => [g.sub.key as string, g]));
    const { rows } = await this.#db.query<DrainedChange>('select * from realtime.local_drain($1::jsonb, $2)', [
      JSON.stringify([...groups.values()].map((g) => g.sub)),
      BATCH,
    ]);
    for (const change of rows) {
      // per channel and payload variant (role's column privileges, selected columns): the binding ids that see it
      const out = new Map<Subscriber, Map<string, { ids: number[]; data: () => Record<string, unknown> }>>();
      const add = (key: string, error: string | undefined) => {
        for (const [subscriber, binding] of byKey.get(key)?.members ?? []) {
          if (!(binding.params.action === '*' || binding.params.action === change.kind)) continue;
          const variant = `${subscriber.claims.role}|${binding.params.select?.join(',') ?? ''}|${error ?? ''}`;
          let variants = out.get(subscriber);
          if (!variants) {
            variants = new Map();
            out.set(subscriber, variants);
          }
          let entry = variants.get(variant);
          if (!entry) {
            const role = subscriber.claims.role;
            const select = binding.params.select;
            entry = { ids: [], data: () => (error ? errorData(change, error) : changeData(change, role, select)) };
            variants.set(variant, entry);
          }
          if (!entry.ids.includes(binding.id)) entry.ids.push(binding.id);
        }
      };
      for (const key of change.visible) add(key, undefined);
      for (const [key, error] of Object.entries(change.errors)) add(key, error);
      for (const [subscriber, variants] of out) {
        for (const { ids, data } of variants.values()) subscriber.deliver({ ids, data: data() });
      }
    }
    return rows.length;
  }
}

/** The payload's `data`, cut to what the role may select (and the selected columns), as apply_rls builds it. */
function changeData(change: DrainedChange, role: string, select: string[] | null): Record<string, unknown> {
  const { meta, kind } = change;
  const selectable = new Set(meta.selectable[role] ?? []);
  const keep = (name: string) => selectable.has(name) && (!select || select.includes(name) || meta.pk.includes(name));
  const tooBig =
    JSON.stringify(change.new_row ?? {}).length + JSON.stringify(change.old_row ?? {}).length > MAX_RECORD_BYTES;
  const pick = (row: Record<string, unknown> | null, include: (name: string) => boolean) => {
    const picked: Record<string, unknown> = {};
    let any = false;
    for (const [name, value] of Object.entries(row ?? {})) {
      if (!include(name)) continue;
      if (tooBig && JSON.stringify(value).length > 64) continue;
      picked[name] = value;
      any = true;
    }
    return any ? picked : null;
  };
  const data: Record<string, unknown> = {
    schema: meta.schema,
    table: meta.table,
    commit_timestamp: change.commit_timestamp,
    type: kind,
    columns: meta.columns.filter((c) => keep(c.name)).map(({ name, type }) => ({ name, type })),
    errors: tooBig ? ['Error 413: Payload Too Large'] : null,
  };
  if (kind !== 'DELETE') data.record = pick(change.new_row, keep);
  if (kind === 'UPDATE') data.old_record = pick(change.old_row, (n) => meta.identity.includes(n) && keep(n));
  if (kind === 'DELETE') {
    // RLS cannot be checked on a deleted row: on a table with RLS only the primary key goes out
    data.old_record = pick(
      change.old_row,
      (n) => meta.identity.includes(n) && keep(n) && (!meta.rls || meta.pk.includes(n)),
    );
  }
  return data;
}

/** A change a subscription may not see in full (no primary key, no privilege on it): no record goes out. */
function errorData(change: DrainedChange, error: string): Record<string, unknown> {
  const data: Record<string, unknown> = {
    schema: change.meta.schema,
    table: change.meta.table,
    type: change.kind,
    columns: [],
    commit_timestamp: null,
    errors: [error],
  };
  if (change.kind !== 'DELETE') data.record = {};
  if (change.kind !== 'INSERT') data.old_record = {};
  return data;
}

/** The binding's id: a hash of its parameters, so equal parameters get equal ids (as Realtime's phash2 does). */
function bindingId(params: Record<string, unknown>): number {
  const text = JSON.stringify(
    Object.keys(params)
      .sort()
      .map((k) => [k, params[k]]),
  );
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 2 ** 27;
}

function describe(params: ChangeParams): string {
  const filters = params.filters.map((f) => `{"${f.column}", "${f.op}", "${f.value}", ${f.negate}}`);
  const select = params.select ? `[${params.select.map((c) => `"${c}"`).join(', ')}]` : 'nil';
  return `event: ${params.action}, schema: ${params.schema}, table: ${params.table}, filters: [${filters.join(', ')}], select: ${select}`;
}
