// `POST /object/list-v2/<bucket>` as Storage answers it (supabase/storage `ObjectStorage.listObjectsV2`): names in
// byte order (`COLLATE "C"`), optionally after a timestamp column, a page of at most 1000, `with_delimiter` folding
// each next folder into one `folders` entry (its full path with a trailing `/`), and an opaque base64 cursor that
// remembers where the page ended and how it was sorted (`l:<name>\no:<order>\nc:<column>\na:<timestamp>`).
import { errors } from './errors.ts';

export interface ListV2Row {
  id: string;
  name: string;
  metadata: unknown;
  created_at: string | Date;
  updated_at: string | Date;
  last_accessed_at: string | Date;
}

export interface ListV2Options {
  prefix: string;
  delimiter: boolean;
  limit?: number;
  cursor?: string;
  sortBy?: { column: 'name' | 'created_at' | 'updated_at'; order?: 'asc' | 'desc' };
}

interface Cursor {
  startAfter: string;
  sortOrder?: string;
  sortColumn?: string;
  sortColumnAfter?: string;
}

const PARTS: [string, keyof Cursor][] = [
  ['l', 'startAfter'],
  ['o', 'sortOrder'],
  ['c', 'sortColumn'],
  ['a', 'sortColumnAfter'],
];

function encodeCursor(cursor: Cursor): string {
  const lines = PARTS.filter(([, key]) => cursor[key]).map(([tag, key]) => `${tag}:${cursor[key]}`);
  return Buffer.from(lines.join('\n')).toString('base64');
}

function decodeCursor(token: string): Cursor {
  const cursor: Cursor = { startAfter: '', sortOrder: 'asc' };
  for (const line of Buffer.from(token, 'base64').toString().split('\n')) {
    const match = /^(\S):(.*)/.exec(line);
    const key = match && PARTS.find(([tag]) => tag === match[1])?.[1];
    if (!match || !key) throw errors.invalidParameter('continuation token');
    cursor[key] = match[2] as string;
  }
  return cursor;
}

type Entry = { folder: true; name: string; key: string } | { folder: false; row: ListV2Row; key: string };

const nameOf = (e: Entry) => (e.folder ? e.name : e.row.name);
/** Timestamps compare at millisecond precision, a folder (no timestamp) as the epoch, as `search_v2` does. */
const timeOf = (e: Entry, column: 'created_at' | 'updated_at') =>
  e.folder ? 0 : new Date(e.row[column]).getTime() || 0;
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

export function listV2(rows: ListV2Row[], options: ListV2Options) {
  const limit = Math.min(options.limit || 1000, 1000);
  const cursor = options.cursor ? decodeCursor(options.cursor) : undefined;
  const order = (cursor?.sortOrder || options.sortBy?.order) === 'desc' ? 'desc' : 'asc';
  const requested = cursor?.sortColumn || options.sortBy?.column;
  const column = requested === 'created_at' || requested === 'updated_at' ? requested : undefined;
  const { prefix } = options;
  const level = prefix ? prefix.split('/').length : 1;

  // fold every object below the next `/` into its folder
  const entries = new Map<string, Entry>();
  for (const row of rows) {
    if (!row.name.startsWith(prefix)) continue;
    const slash = options.delimiter ? row.name.indexOf('/', prefix.length) : -1;
    const key = row.name.split('/')[level - 1] ?? '';
    if (slash === -1) entries.set(`o${row.name}`, { folder: false, row, key });
    else {
      const name = row.name.slice(0, slash + 1);
      entries.set(`f${name}`, { folder: true, name, key });
    }
  }
  const sign = order === 'desc' ? -1 : 1;
  const compare = (a: Entry, b: Entry) =>
    sign * ((column ? timeOf(a, column) - timeOf(b, column) : 0) || byBytes(nameOf(a), nameOf(b)));
  let sorted = [...entries.values()].sort(compare);
  if (cursor?.startAfter) {
    const after = cursor.sortColumnAfter ? Date.parse(cursor.sortColumnAfter) : 0;
    const mark: Entry = column
      ? {
          folder: false,
          key: '',
          row: { name: cursor.startAfter, [column]: new Date(after).toISOString() } as unknown as ListV2Row,
        }
      : { folder: true, name: cursor.startAfter, key: '' };
    sorted = sorted.filter((e) => compare(e, mark) > 0);
  }

  const page = sorted.slice(0, limit);
  const folders = page.filter((e) => e.folder).map((e) => ({ key: e.key, name: nameOf(e) }));
  const objects = page.flatMap((e) => (e.folder ? [] : [options.delimiter ? { key: e.key, ...e.row } : e.row]));
  const hasNext = sorted.length > limit;
  const last = page[page.length - 1];
  const nextCursor =
    hasNext && last
      ? encodeCursor({
          startAfter: nameOf(last),
          sortOrder: cursor?.sortOrder || options.sortBy?.order,
          sortColumn: requested,
          sortColumnAfter: column && !last.folder ? new Date(last.row[column]).toISOString() : undefined,
        })
      : undefined;
  return { hasNext, nextCursor, nextCursorKey: hasNext ? last && nameOf(last) : undefined, folders, objects };
}
