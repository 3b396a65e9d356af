// /storage/v1: buckets and objects. Metadata lives in storage.buckets / storage.objects and every metadata
// read or write runs under the caller's role, so storage.objects RLS policies decide who may do what.
// File bytes live on disk, one file per object named by a hash of bucket and path (no path traversal); uploads are
// streamed to a temporary file and moved into place when the row is written, downloads are streamed from disk.
import { createHash, randomUUID } from 'node:crypto';
import {
  copyFileSync,
  createReadStream,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  type Stats,
  statSync,
  unlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { jsonTooDeep, MAX_JSON_DEPTH } from '../json-depth.ts';
import type { Claims, Database, Keys, Queryable } from '../types.ts';
import { errors, StorageError } from './errors.ts';
import { type ListV2Options, type ListV2Row, listV2 } from './list-v2.ts';
import { isAllowedMediaType, isScriptable, normalizeAllowedMimeTypes, parseMediaType } from './media-type.ts';
import { receiveUpload } from './receive.ts';
import { parseTransform, type Transform, transformationSegments, transformFromSegments } from './transform.ts';

export interface StorageOptions {
  db: Database;
  keys: Keys;
  /** Folder for object files; undefined uses a temporary folder removed on close. */
  rootDir?: string;
  apiUrl: string;
  /** `[storage] file_size_limit` in bytes: no object is larger, whatever its bucket says (default 50 MiB). */
  fileSizeLimit?: number;
  /** The deepest JSON nesting accepted in a body (default {@link MAX_JSON_DEPTH}). */
  maxJsonDepth?: number;
}

export interface StorageService {
  handle(req: Request): Promise<Response>;
  close(): void;
}

/** Storage's JSON endpoints take bodies up to Fastify's default `bodyLimit`, 1 MiB. */
const JSON_BODY_LIMIT = 1024 * 1024;

const NOSNIFF = { 'x-content-type-options': 'nosniff' };

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...NOSNIFF, ...headers },
  });

interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  owner: string | null;
  metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

// Noncharacters (U+FDD0–U+FDEF and the last two code points of every plane) and controls have no place in a key.
const NONCHARACTER = new RegExp(
  `[\\u{FDD0}-\\u{FDEF}${Array.from({ length: 17 }, (_, plane) => {
    const base = (plane * 0x10000 + 0xfffe).toString(16);
    return `\\u{${base}}\\u{${(plane * 0x10000 + 0xffff).toString(16)}}`;
  }).join('')}]`,
  'u',
);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const CONTROL = /[\u0000-\u001F\u007F]/;

/** Object keys as S3 (and so Storage) takes them: at most 1024 bytes of well-formed UTF-8, relative, no dot segments. */
function validName(name: string): string {
  if (
    !name ||
    Buffer.byteLength(name) > 1024 ||
    LONE_SURROGATE.test(name) ||
    NONCHARACTER.test(name) ||
    CONTROL.test(name) ||
    name.includes('\\') ||
    name.startsWith('/') ||
    name.split('/').some((part) => part === '..' || part === '.' || part === '')
  ) {
    throw errors.invalidKey(name.replace(LONE_SURROGATE, '\uFFFD'));
  }
  return name;
}

/** Bucket names as Storage takes them (shorter than 64 characters, S3-safe). */
function validBucketName(name: unknown): string {
  if (typeof name !== 'string' || name.length === 0 || name.length >= 64 || !/^[A-Za-z0-9_.\- ]+$/.test(name)) {
    throw errors.invalidBucketName();
  }
  return name;
}

/** A path segment, decoded; a malformed escape is the client's mistake, not ours. */
function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw errors.invalidRequest(`'${segment}' is not a valid url component`);
  }
}

type Body = Record<string, unknown>;

/** Body fields checked as Storage's JSON schemas check them (`body/<field> must be …`). */
function stringField(body: Body, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw errors.invalidRequest(`body/${name} must be string`);
  return value;
}

function requiredString(body: Body, name: string): string {
  const value = stringField(body, name);
  if (value === undefined) throw errors.invalidRequest(`body must have required property '${name}'`);
  return value;
}

function numberField(body: Body, name: string, minimum: number): number | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw errors.invalidRequest(`body/${name} must be number`);
  if (value < minimum) throw errors.invalidRequest(`body/${name} must be >= ${minimum}`);
  return value;
}

function stringArray(body: Body, name: string): string[] | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    throw errors.invalidRequest(`body/${name} must be array of strings`);
  }
  return value as string[];
}

/** `file_size_limit` as Storage reads it: bytes, or a size with a unit ("20GB", "20MB", "30KB", "3B"). */
function sizeLimit(value: unknown, globalLimit: number): number | null {
  if (value === undefined || value === null) return null;
  let bytes: number;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) bytes = value;
  else if (typeof value === 'string') {
    const match = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value);
    if (!match) throw errors.invalidFileSizeLimit();
    const unit = { GB: 1e9, MB: 1e6, KB: 1e3, B: 1 }[(match[2] as string).toUpperCase() as 'GB' | 'MB' | 'KB' | 'B'];
    bytes = Math.round(Number(Number.parseFloat(match[1] as string).toPrecision(3)) * unit);
  } else throw errors.invalidFileSizeLimit();
  if (bytes > globalLimit) throw errors.entityTooLarge();
  return bytes;
}

/** `allowed_mime_types`, normalized as Storage stores it (lower-case, no parameters, no duplicates). */
function allowedTypes(body: Body): string[] | null {
  const values = stringArray(body, 'allowed_mime_types');
  if (!values) return null;
  const normalized = normalizeAllowedMimeTypes(values);
  if (!Array.isArray(normalized)) throw errors.invalidMimeType(normalized.invalid);
  return normalized;
}

/**
 * The Content-Type an object is served with: Storage serves HTML as text/plain, so that it never renders from the
 * API's origin; a type that does not parse (stored before types were checked) is served as bytes.
 */
function servedType(stored: unknown): { contentType: string; scriptable: boolean } {
  const parsed = typeof stored === 'string' ? parseMediaType(stored) : undefined;
  if (!parsed) return { contentType: 'application/octet-stream', scriptable: false };
  if (parsed.essence === 'text/html') return { contentType: 'text/plain', scriptable: false };
  return { contentType: stored as string, scriptable: isScriptable(parsed) };
}

// Content-Disposition as Storage's renderer builds it (RFC 6266 `filename` fallback, RFC 8187 `filename*`).
const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
function attachment(filename: string): string {
  if (!filename) return 'attachment;';
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/gu, '_');
  const ext = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename=${HTTP_TOKEN.test(fallback) ? fallback : `"${fallback}"`}; filename*=UTF-8''${ext}`;
}

export function createStorageService(options: StorageOptions): StorageService {
  const { db, keys } = options;
  const uploadLimit = options.fileSizeLimit ?? 50 * 1024 * 1024;
  const maxJsonDepth = options.maxJsonDepth ?? MAX_JSON_DEPTH;
  const temp = options.rootDir ? undefined : mkdtempSync(join(tmpdir(), 'supabase-local-storage-'));
  const root = options.rootDir ?? (temp as string);
  // uploads land here first (same file system, so they can be renamed into place); leftovers of a crash go
  const incoming = join(root, '.incoming');
  rmSync(incoming, { recursive: true, force: true });
  mkdirSync(incoming, { recursive: true });

  const fileOf = (bucket: string, name: string) => {
    const dir = join(root, createHash('sha256').update(bucket).digest('hex').slice(0, 32));
    mkdirSync(dir, { recursive: true });
    return join(dir, createHash('sha256').update(name).digest('hex'));
  };

  async function claimsOf(req: Request): Promise<Claims> {
    const authorization = req.headers.get('authorization');
    const token = authorization?.replace(/^Bearer\s+/i, '') || req.headers.get('apikey');
    // Storage's routes require the header (its JSON schema), before any key is read
    if (!token) throw errors.invalidRequest("headers must have required property 'authorization'");
    try {
      const claims = await keys.verify(token);
      if (!['anon', 'authenticated', 'service_role'].includes(claims.role)) throw new Error('role');
      return claims;
    } catch {
      throw errors.invalidJwt('Invalid Compact JWS');
    }
  }

  /** Runs fn in a transaction as the caller (role, claims), like the data API does. */
  function asCaller<T>(claims: Claims, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
        claims.role,
        JSON.stringify(claims),
      ]);
      return fn(tx);
    });
  }

  interface BucketRow {
    id: string;
    public: boolean;
    file_size_limit: number | null;
    allowed_mime_types: string[] | null;
  }

  async function bucket(id: string): Promise<BucketRow | undefined> {
    const result = await db.query<BucketRow>(
      'select id, public, file_size_limit::float8 as file_size_limit, allowed_mime_types from storage.buckets where id = $1',
      [id],
    );
    return result.rows[0];
  }

  async function requireBucket(id: string): Promise<BucketRow> {
    const found = await bucket(id);
    if (!found) throw errors.noSuchBucket();
    return found;
  }

  /** A JSON object body of at most 1 MiB (an empty body is `{}`). */
  async function readJson(req: Request): Promise<Body> {
    const declared = Number(req.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > JSON_BODY_LIMIT) throw errors.bodyTooLarge();
    const chunks: Uint8Array[] = [];
    let size = 0;
    if (req.body) {
      for await (const chunk of req.body as unknown as AsyncIterable<Uint8Array>) {
        size += chunk.length;
        if (size > JSON_BODY_LIMIT) throw errors.bodyTooLarge();
        chunks.push(chunk);
      }
    }
    const text = Buffer.concat(chunks).toString('utf8');
    if (!text.trim()) return {};
    if (jsonTooDeep(text, maxJsonDepth)) {
      throw errors.invalidRequest(`Body is not valid JSON: nested deeper than ${maxJsonDepth} levels`);
    }
    try {
      const body = JSON.parse(text) as unknown;
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error('not an object');
      return body as Body;
    } catch {
      throw errors.invalidRequest('Invalid JSON body');
    }
  }

  const bucketJson = `select id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at
    from storage.buckets`;

  async function handleBucket(req: Request, method: string, rest: string[], claims: Claims): Promise<Response> {
    const id = rest[0] ? decode(rest[0]) : undefined;
    if (method === 'GET' && !id) {
      const rows = await asCaller(claims, (tx) => tx.query(`${bucketJson} order by name`));
      return json(200, rows.rows);
    }
    if (method === 'GET' && id) {
      const rows = await asCaller(claims, (tx) => tx.query(`${bucketJson} where id = $1`, [id]));
      if (!rows.rows[0]) throw errors.noSuchBucket();
      return json(200, rows.rows[0]);
    }
    if (method === 'POST' && !id) {
      const body = await readJson(req);
      const name = validBucketName(body.name ?? body.id);
      const bucketId = validBucketName(body.id ?? name);
      if (body.public !== undefined && body.public !== null && typeof body.public !== 'boolean') {
        throw errors.invalidRequest('body/public must be boolean');
      }
      const limit = sizeLimit(body.file_size_limit, uploadLimit);
      const types = allowedTypes(body);
      await asCaller(claims, (tx) =>
        tx.query(
          `insert into storage.buckets (id, name, owner, public, file_size_limit, allowed_mime_types)
           values ($1, $2, $3, $4, $5, $6)`,
          [bucketId, name, claims.sub ?? null, body.public === true, limit, types],
        ),
      );
      return json(200, { name });
    }
    if (method === 'PUT' && id) {
      const body = await readJson(req);
      if (body.public !== undefined && body.public !== null && typeof body.public !== 'boolean') {
        throw errors.invalidRequest('body/public must be boolean');
      }
      // only the fields given change (Storage updates through knex, which skips undefined ones); null clears
      const sets: string[] = [];
      const params: unknown[] = [id];
      const set = (column: string, value: unknown) => {
        params.push(value);
        sets.push(`${column} = $${params.length}`);
      };
      if (typeof body.public === 'boolean') set('public', body.public);
      if ('file_size_limit' in body) set('file_size_limit', sizeLimit(body.file_size_limit, uploadLimit));
      if ('allowed_mime_types' in body) set('allowed_mime_types', allowedTypes(body));
      const result = await asCaller(claims, (tx) =>
        tx.query(`update storage.buckets set ${[...sets, 'updated_at = now()'].join(', ')} where id = $1`, params),
      );
      if (!result.affectedRows) throw errors.noSuchBucket();
      return json(200, { message: 'Successfully updated' });
    }
    if (method === 'POST' && id && rest[1] === 'empty') {
      await requireBucket(id);
      const removed = await asCaller(claims, (tx) =>
        tx.query<{ name: string }>('delete from storage.objects where bucket_id = $1 returning name', [id]),
      );
      for (const row of removed.rows) unlinkQuiet(fileOf(id, row.name));
      return json(200, { message: 'Successfully emptied' });
    }
    if (method === 'DELETE' && id) {
      const count = await db.query<{ n: number }>(
        'select count(*)::int as n from storage.objects where bucket_id = $1',
        [id],
      );
      if ((count.rows[0]?.n ?? 0) > 0) throw errors.bucketNotEmpty();
      const result = await asCaller(claims, (tx) => tx.query('delete from storage.buckets where id = $1', [id]));
      if (!result.affectedRows) throw errors.noSuchBucket();
      return json(200, { message: 'Successfully deleted' });
    }
    throw errors.routeNotFound();
  }

  function unlinkQuiet(file: string) {
    try {
      unlinkSync(file);
    } catch {
      // already gone
    }
  }

  /** Refuses a content type that does not parse, or that the bucket does not allow (Storage's InvalidMimeType). */
  function checkType(contentType: string, b: BucketRow, name: string) {
    const parsed = parseMediaType(contentType);
    if (!parsed) throw errors.invalidMimeType(contentType);
    // Storage lets the dashboard's empty-folder placeholders through whatever the bucket allows
    if (b.allowed_mime_types?.length && !name.endsWith('.emptyFolderPlaceholder')) {
      if (!isAllowedMediaType(parsed, b.allowed_mime_types)) throw errors.invalidMimeType(contentType);
    }
  }

  /**
   * User metadata: the multipart `metadata` field, or the `x-metadata` header (base64 JSON) of a raw upload.
   * Storage ignores metadata that is not JSON; so is metadata nested too deep to store.
   */
  function userMetadata(req: Request, field: string | undefined): unknown {
    const header = req.headers.get('x-metadata');
    const text = field ?? (header ? Buffer.from(header, 'base64').toString('utf8') : undefined);
    if (text === undefined || jsonTooDeep(text, maxJsonDepth)) return null;
    try {
      return JSON.parse(text);
    } catch {
      return null;
    }
  }

  async function upload(
    req: Request,
    method: string,
    bucketId: string,
    name: string,
    claims: Claims,
  ): Promise<Response> {
    const b = await requireBucket(bucketId);
    validName(name);
    const limit = Math.min(uploadLimit, b.file_size_limit || Number.POSITIVE_INFINITY);
    const file = await receiveUpload(req, { dir: incoming, limit, checkType: (type) => checkType(type, b, name) });
    try {
      let cacheControl = file.cacheControl ?? req.headers.get('cache-control') ?? 'max-age=3600';
      if (/^\d+$/.test(cacheControl)) cacheControl = `max-age=${cacheControl}`;
      const metadataOfUser = userMetadata(req, file.metadata);
      const upsert = method === 'PUT' || method === 'UPSERT' || req.headers.get('x-upsert') === 'true';
      const metadata = {
        eTag: `"${file.md5}"`,
        size: file.size,
        mimetype: file.contentType,
        cacheControl,
        lastModified: new Date().toISOString(),
        contentLength: file.size,
        httpStatusCode: 200,
      };
      const row = await asCaller(claims, async (tx) => {
        const id = randomUUID();
        const params = [
          id,
          bucketId,
          name,
          claims.sub ?? null,
          JSON.stringify(metadata),
          JSON.stringify(metadataOfUser),
        ];
        let result: { rows: { id: string }[] };
        if (method === 'PUT') {
          result = await tx.query<{ id: string }>(
            `update storage.objects set metadata = $5::text::jsonb, user_metadata = $6::text::jsonb, updated_at = now(),
               owner = coalesce(owner, $4::uuid), owner_id = coalesce(owner_id, $4::text)
             where bucket_id = $2 and name = $3 and $1::text is not null returning id`,
            params,
          );
          if (!result.rows[0]) throw errors.noSuchKey();
        } else {
          try {
            result = await tx.query<{ id: string }>(
              `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata)
               values ($1, $2, $3, $4::uuid, $4::text, $5::text::jsonb, $6::text::jsonb)
               ${upsert ? 'on conflict (bucket_id, name) do update set metadata = excluded.metadata, user_metadata = excluded.user_metadata, updated_at = now()' : ''}
               returning id`,
              params,
            );
          } catch (error) {
            if ((error as { code?: string }).code === '23505') throw errors.duplicate();
            throw error;
          }
        }
        renameSync(file.path, fileOf(bucketId, name));
        return result.rows[0] as { id: string };
      });
      return json(200, { Id: row.id, Key: `${bucketId}/${name}` });
    } finally {
      unlinkQuiet(file.path); // still there unless the row was written
    }
  }

  async function download(
    url: URL,
    bucketId: string,
    name: string,
    claims: Claims | null,
    head: boolean,
  ): Promise<Response> {
    validName(name);
    const query = (tx: Queryable) =>
      tx.query<ObjectRow>('select id, name, metadata from storage.objects where bucket_id = $1 and name = $2', [
        bucketId,
        name,
      ]);
    const result = claims ? await asCaller(claims, query) : await query(db);
    const row = result.rows[0];
    if (!row) throw errors.noSuchKey();
    const file = fileOf(bucketId, name);
    let stats: Stats;
    try {
      stats = statSync(file);
    } catch {
      throw errors.noSuchKey();
    }
    const meta = row.metadata ?? {};
    const { contentType, scriptable } = servedType(meta.mimetype);
    const headers: Record<string, string> = {
      'content-type': contentType,
      'content-length': String(stats.size),
      'cache-control': String(meta.cacheControl ?? 'no-cache'),
      etag: String(meta.eTag ?? ''),
      'last-modified': new Date(String(meta.lastModified ?? Date.now())).toUTCString(),
      'x-robots-tag': 'none',
      ...NOSNIFF,
    };
    // `?download[=name]` asks for an attachment, as in Storage; markup that can run script is always one here, and
    // sandboxed should a browser render it anyway
    const requested = url.searchParams.get('download');
    if (requested !== null) headers['content-disposition'] = attachment(requested);
    else if (scriptable) headers['content-disposition'] = attachment(name.slice(name.lastIndexOf('/') + 1));
    if (scriptable) headers['content-security-policy'] = "default-src 'none'; sandbox";
    const body = head ? null : (Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>);
    return new Response(body, { status: 200, headers });
  }

  async function list(req: Request, bucketId: string, claims: Claims): Promise<Response> {
    await requireBucket(bucketId);
    const body = await readJson(req);
    const prefix = (stringField(body, 'prefix') ?? '').replace(/^\/+|\/+$/g, '');
    const limit = Math.min(numberField(body, 'limit', 0) || 100, 1000);
    const offset = numberField(body, 'offset', 0) ?? 0;
    const search = stringField(body, 'search') ?? '';
    const sortBy = body.sortBy && typeof body.sortBy === 'object' ? (body.sortBy as Body) : {};
    const base = prefix ? `${prefix}/` : '';
    const rows = await asCaller(claims, (tx) =>
      tx.query<ObjectRow>(
        `select id, name, metadata, created_at, updated_at, last_accessed_at from storage.objects
         where bucket_id = $1 and starts_with(name, $2::text)`,
        [bucketId, base],
      ),
    );
    const entries = new Map<string, Record<string, unknown>>();
    for (const row of rows.rows) {
      const rest = row.name.slice(base.length);
      const slash = rest.indexOf('/');
      const entryName = slash === -1 ? rest : rest.slice(0, slash);
      if (search && !entryName.toLowerCase().startsWith(search.toLowerCase())) continue;
      if (slash === -1) {
        entries.set(entryName, {
          name: entryName,
          id: row.id,
          updated_at: row.updated_at,
          created_at: row.created_at,
          last_accessed_at: row.last_accessed_at,
          metadata: row.metadata,
        });
      } else if (!entries.has(entryName)) {
        entries.set(entryName, {
          name: entryName,
          id: null,
          updated_at: null,
          created_at: null,
          last_accessed_at: null,
          metadata: null,
        });
      }
    }
    const column = ['name', 'updated_at', 'created_at', 'last_accessed_at'].includes(String(sortBy.column))
      ? (sortBy.column as string)
      : 'name';
    const direction = sortBy.order === 'desc' ? -1 : 1;
    const sorted = [...entries.values()].sort((a, b) => {
      // folders first, as Supabase lists them
      if ((a.id === null) !== (b.id === null)) return a.id === null ? -1 : 1;
      return String(a[column] ?? '').localeCompare(String(b[column] ?? '')) * direction;
    });
    return json(200, sorted.slice(offset, offset + limit));
  }

  async function listObjectsV2(req: Request, bucketId: string, claims: Claims): Promise<Response> {
    await requireBucket(bucketId);
    const body = await readJson(req);
    const prefix = stringField(body, 'prefix') ?? '';
    const limit = numberField(body, 'limit', 1);
    if (limit !== undefined && !Number.isInteger(limit)) throw errors.invalidRequest('body/limit must be integer');
    const delimiter = body.with_delimiter ?? false;
    if (typeof delimiter !== 'boolean') throw errors.invalidRequest('body/with_delimiter must be boolean');
    const options: ListV2Options = { prefix, delimiter, limit, cursor: stringField(body, 'cursor') };
    if (body.sortBy !== undefined) {
      const sortBy = body.sortBy as Body;
      if (!sortBy || typeof sortBy !== 'object' || Array.isArray(sortBy)) {
        throw errors.invalidRequest('body/sortBy must be object');
      }
      if (sortBy.column === undefined) throw errors.invalidRequest("body/sortBy must have required property 'column'");
      if (!['name', 'updated_at', 'created_at'].includes(sortBy.column as string)) {
        throw errors.invalidRequest('body/sortBy/column must be equal to one of the allowed values');
      }
      if (sortBy.order !== undefined && !['asc', 'desc'].includes(sortBy.order as string)) {
        throw errors.invalidRequest('body/sortBy/order must be equal to one of the allowed values');
      }
      options.sortBy = sortBy as ListV2Options['sortBy'];
    }
    const rows = await asCaller(claims, (tx) =>
      tx.query<ListV2Row>(
        `select id, name, metadata, updated_at, created_at, last_accessed_at from storage.objects
         where bucket_id = $1 and starts_with(name, $2::text)`,
        [bucketId, prefix],
      ),
    );
    return json(200, listV2(rows.rows, options));
  }

  async function remove(req: Request, bucketId: string, claims: Claims): Promise<Response> {
    const body = await readJson(req);
    const prefixes = stringArray(body, 'prefixes') ?? [];
    const removed = await asCaller(claims, (tx) =>
      tx.query<ObjectRow>(
        `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
         returning id, name, bucket_id, owner, metadata, created_at, updated_at, last_accessed_at`,
        [bucketId, prefixes],
      ),
    );
    for (const row of removed.rows) unlinkQuiet(fileOf(bucketId, row.name));
    return json(200, removed.rows);
  }

  /** A signed download URL; with transformations it is a `/render/image/sign/…` URL whose token carries them. */
  async function sign(bucketId: string, name: string, expiresIn: number, transform?: Transform): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const transformations = transform ? transformationSegments(transform, true).join(',') : '';
    const token = await keys.sign({
      role: 'storage_signed_url',
      url: `${bucketId}/${name}`,
      ...(transformations ? { transformations } : {}),
      ...(transform?.format ? { format: transform.format } : {}),
      iat: now,
      exp: now + Math.floor(expiresIn),
    });
    const area = transformations ? 'render/image' : 'object';
    return `/${area}/sign/${encodePath(`${bucketId}/${name}`)}?token=${token}`;
  }

  async function moveOrCopy(req: Request, copy: boolean, claims: Claims): Promise<Response> {
    const body = await readJson(req);
    const bucketId = requiredString(body, 'bucketId');
    const from = validName(requiredString(body, 'sourceKey'));
    const to = validName(requiredString(body, 'destinationKey'));
    const toBucket = stringField(body, 'destinationBucket') ?? bucketId;
    await requireBucket(bucketId);
    await requireBucket(toBucket);
    const source = fileOf(bucketId, from);
    const result = await asCaller(claims, async (tx) => {
      const found = await tx.query<ObjectRow>(
        'select id, metadata from storage.objects where bucket_id = $1 and name = $2',
        [bucketId, from],
      );
      const row = found.rows[0];
      if (!row) throw errors.noSuchKey();
      let id = row.id;
      if (copy) {
        const inserted = await tx.query<{ id: string }>(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
           values ($1, $2, $3::uuid, $3::text, $4::text::jsonb) returning id`,
          [toBucket, to, claims.sub ?? null, JSON.stringify(row.metadata)],
        );
        id = inserted.rows[0]?.id as string;
        copyFileSync(source, fileOf(toBucket, to));
      } else {
        const moved = await tx.query(
          'update storage.objects set bucket_id = $3, name = $4, updated_at = now() where bucket_id = $1 and name = $2',
          [bucketId, from, toBucket, to],
        );
        if (!moved.affectedRows) throw errors.noSuchKey();
        renameSync(source, fileOf(toBucket, to));
      }
      return id;
    });
    return copy ? json(200, { Id: result, Key: `${toBucket}/${to}` }) : json(200, { message: 'Successfully moved' });
  }

  /** A signed download token's claims, checked against the object it is used for. */
  async function signedClaims(url: URL, bucketId: string, name: string): Promise<Claims> {
    let claims: Claims;
    try {
      claims = await keys.verify(url.searchParams.get('token') ?? '');
    } catch {
      throw errors.invalidJwt('jwt expired or invalid');
    }
    if (claims.role !== 'storage_signed_url' || claims.url !== `${bucketId}/${name}`) throw errors.invalidSignature();
    return claims;
  }

  /**
   * `/render/image/{authenticated,public,sign}/<bucket>/<path>`: the same checks as the object routes. Without an
   * image library the original bytes go back; `X-Transformations` says what hosted Storage would have applied.
   */
  async function renderImage(req: Request, url: URL, parts: string[], head: boolean): Promise<Response> {
    const [kind, bucketPart] = parts;
    const bucketId = decode(bucketPart ?? '');
    const name = parts.slice(2).map(decode).join('/');
    let response: Response;
    let transform: Transform;
    if (kind === 'sign') {
      const claims = await signedClaims(url, bucketId, name);
      transform = transformFromSegments(typeof claims.transformations === 'string' ? claims.transformations : '');
      response = await download(url, bucketId, name, null, head);
    } else if (kind === 'public' || kind === 'authenticated') {
      transform = parseTransform(Object.fromEntries(url.searchParams), 'querystring', true);
      if (kind === 'public') {
        const b = await bucket(bucketId);
        if (!b?.public) throw errors.noSuchKey();
      }
      response = await download(url, bucketId, name, kind === 'public' ? null : await claimsOf(req), head);
    } else throw errors.routeNotFound();
    const segments = transformationSegments(transform, false);
    if (segments.length) response.headers.set('x-transformations', segments.join(','));
    return response;
  }

  async function route(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const method = req.method.toUpperCase();
    const parts = url.pathname.replace(/^\/storage\/v1\//, '').split('/');
    const [area, ...rest] = parts;
    if (area === 'bucket') return handleBucket(req, method, rest, await claimsOf(req));
    const head = method === 'HEAD';
    const tail = (from: number) => rest.slice(from).map(decode).join('/');
    if (area === 'render' && rest[0] === 'image' && (method === 'GET' || head)) {
      return renderImage(req, url, rest.slice(1), head);
    }
    if (area !== 'object') throw errors.routeNotFound();
    const first = rest[0] ?? '';

    if (first === 'public' && (method === 'GET' || head)) {
      const bucketId = decode(rest[1] ?? '');
      const b = await bucket(bucketId);
      if (!b?.public) throw errors.noSuchKey();
      return download(url, bucketId, tail(2), null, head);
    }
    if (first === 'sign') {
      const bucketId = decode(rest[1] ?? '');
      if (method === 'GET' || head) {
        const name = tail(2);
        await signedClaims(url, bucketId, name);
        return download(url, bucketId, name, null, head);
      }
      if (method === 'POST') {
        const claims = await claimsOf(req);
        const body = await readJson(req);
        const expiresIn = numberField(body, 'expiresIn', 1) ?? 60;
        if (rest.length > 2) {
          const name = validName(tail(2));
          const transform = body.transform === undefined ? undefined : parseTransform(body.transform, 'body/transform');
          const visible = await asCaller(claims, (tx) =>
            tx.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucketId, name]),
          );
          if (!visible.rows.length) throw errors.noSuchKey();
          return json(200, { signedURL: await sign(bucketId, name, expiresIn, transform) });
        }
        const paths = stringArray(body, 'paths') ?? [];
        const visible = await asCaller(claims, (tx) =>
          tx.query<{ name: string }>(
            'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
            [bucketId, paths],
          ),
        );
        const names = new Set(visible.rows.map((r) => r.name));
        const signed = await Promise.all(
          paths.map(async (path: string) =>
            names.has(path)
              ? { error: null, path, signedURL: await sign(bucketId, path, expiresIn) }
              : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
          ),
        );
        return json(200, signed);
      }
    }
    if (first === 'upload' && rest[1] === 'sign') {
      const bucketId = decode(rest[2] ?? '');
      const name = validName(tail(3));
      if (method === 'POST' && !url.searchParams.has('token')) {
        const claims = await claimsOf(req);
        await requireBucket(bucketId);
        const upsert = req.headers.get('x-upsert') === 'true';
        // check now, as the caller, that the upload would be allowed (then roll the probe back)
        const probe = new Error('probe');
        await asCaller(claims, async (tx) => {
          await tx.query(
            `insert into storage.objects (bucket_id, name, owner, owner_id) values ($1, $2, $3::uuid, $3::text)
             ${upsert ? 'on conflict (bucket_id, name) do update set updated_at = now()' : ''}`,
            [bucketId, name, claims.sub ?? null],
          );
          throw probe;
        }).catch((error: unknown) => {
          if (error === probe) return;
          if ((error as { code?: string }).code === '23505') throw errors.duplicate();
          throw error;
        });
        const now = Math.floor(Date.now() / 1000);
        const token = await keys.sign({
          role: 'storage_signed_upload',
          url: `${bucketId}/${name}`,
          owner: claims.sub,
          upsert,
          iat: now,
          exp: now + 2 * 60 * 60,
        });
        return json(200, { url: `/object/upload/sign/${encodePath(`${bucketId}/${name}`)}?token=${token}`, token });
      }
      if (method === 'PUT' || method === 'POST') {
        let claims: Claims;
        try {
          claims = await keys.verify(url.searchParams.get('token') ?? '');
        } catch {
          throw errors.invalidJwt('jwt expired or invalid');
        }
        if (claims.role !== 'storage_signed_upload' || claims.url !== `${bucketId}/${name}`) {
          throw errors.invalidSignature();
        }
        const owner = typeof claims.owner === 'string' ? claims.owner : undefined;
        return upload(req, claims.upsert ? 'UPSERT' : 'POST', bucketId, name, { role: 'service_role', sub: owner });
      }
    }
    if (first === 'list-v2' && method === 'POST') {
      return listObjectsV2(req, decode(rest[1] ?? ''), await claimsOf(req));
    }
    if (first === 'list' && method === 'POST') return list(req, decode(rest[1] ?? ''), await claimsOf(req));
    if ((first === 'move' || first === 'copy') && method === 'POST') {
      return moveOrCopy(req, first === 'copy', await claimsOf(req));
    }
    if (first === 'authenticated' && (method === 'GET' || head)) {
      return download(url, decode(rest[1] ?? ''), tail(2), await claimsOf(req), head);
    }
    if (first === 'info') {
      const bucketId = decode(rest[1] ?? '');
      const name = validName(tail(2));
      const claims = await claimsOf(req);
      const found = await asCaller(claims, (tx) =>
        tx.query<ObjectRow & { version: string | null; user_metadata: unknown }>(
          `select id, name, version, bucket_id, metadata, user_metadata, created_at, updated_at from storage.objects
           where bucket_id = $1 and name = $2`,
          [bucketId, name],
        ),
      );
      const row = found.rows[0];
      if (!row) throw errors.noSuchKey();
      // Storage's InfoRenderer fields (supabase-js `info()` turns them into camelCase)
      const meta = row.metadata ?? {};
      return json(200, {
        id: row.id,
        name: row.name,
        version: row.version,
        bucket_id: row.bucket_id,
        size: meta.size ?? null,
        content_type: meta.mimetype ?? null,
        cache_control: meta.cacheControl ?? null,
        etag: meta.eTag ?? null,
        metadata: row.user_metadata ?? null,
        last_modified: row.updated_at,
        created_at: row.created_at,
      });
    }
    const bucketId = decode(first);
    const claims = await claimsOf(req);
    if (method === 'DELETE' && rest.length === 1) return remove(req, bucketId, claims);
    const name = tail(1);
    if (method === 'POST' || method === 'PUT') return upload(req, method, bucketId, name, claims);
    if (method === 'GET' || head) return download(url, bucketId, name, claims, head);
    if (method === 'DELETE') {
      validName(name);
      const removed = await asCaller(claims, (tx) =>
        tx.query<ObjectRow>('delete from storage.objects where bucket_id = $1 and name = $2 returning name', [
          bucketId,
          name,
        ]),
      );
      if (!removed.rows[0]) throw errors.noSuchKey();
      unlinkQuiet(fileOf(bucketId, name));
      return json(200, { message: 'Successfully deleted' });
    }
    throw errors.routeNotFound();
  }

  return {
    async handle(req) {
      try {
        return await route(req);
      } catch (error) {
        if (error instanceof StorageError) return json(error.status, error.body());
        const pg = error as { code?: string; message?: string };
        if (pg.code === '42501') {
          return json(403, errors.accessDenied('new row violates row-level security policy').body());
        }
        if (pg.code === '23505') return json(409, errors.duplicate().body());
        if (pg.code === '23503') return json(404, errors.noSuchBucket().body());
        if (pg.code && /^[0-9A-Z]{5}$/.test(pg.code)) {
          return json(400, { statusCode: '400', code: 'DatabaseError', error: 'DatabaseError', message: pg.message });
        }
        console.error('[storage]', error);
        return json(500, {
          statusCode: '500',
          code: 'InternalError',
          error: 'internal',
          message: 'Internal server error',
        });
      }
    },
    close() {
      if (temp) rmSync(temp, { recursive: true, force: true });
      else rmSync(incoming, { recursive: true, force: true });
    },
  };
}

function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
