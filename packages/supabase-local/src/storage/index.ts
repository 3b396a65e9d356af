// /storage/v1: buckets and objects. Metadata lives in storage.buckets / storage.objects and every metadata
// read or write runs under the caller's role, so storage.objects RLS policies decide who may do what.
// File bytes live on disk, one file per object named by a hash of bucket and path (no path traversal).
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Claims, Database, Keys, Queryable } from '../types';

export interface StorageOptions {
  db: Database;
  keys: Keys;
  /** Folder for object files; undefined uses a temporary folder removed on close. */
  rootDir?: string;
  apiUrl: string;
}

export interface StorageService {
  handle(req: Request): Promise<Response>;
  close(): void;
}

class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const fail = (status: number, error: string, message: string) => new StorageError(status, error, message);

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

function validName(name: string): string {
  if (
    !name ||
    name.includes('\0') ||
    name.includes('\\') ||
    name.startsWith('/') ||
    name.split('/').some((part) => part === '..' || part === '.' || part === '')
  ) {
    throw fail(400, 'InvalidKey', `Invalid key: ${name}`);
  }
  return name;
}

export function createStorageService(options: StorageOptions): StorageService {
  const { db, keys } = options;
  const temp = options.rootDir ? undefined : mkdtempSync(join(tmpdir(), 'supabase-local-storage-'));
  const root = options.rootDir ?? (temp as string);
  mkdirSync(root, { recursive: true });

  const fileOf = (bucket: string, name: string) => {
    const dir = join(root, createHash('sha256').update(bucket).digest('hex').slice(0, 32));
    mkdirSync(dir, { recursive: true });
    return join(dir, createHash('sha256').update(name).digest('hex'));
  };

  async function claimsOf(req: Request): Promise<Claims> {
    const authorization = req.headers.get('authorization');
    const token = authorization?.replace(/^Bearer\s+/i, '') || req.headers.get('apikey');
    if (!token) return { role: 'anon' };
    try {
      const claims = await keys.verify(token);
      if (!['anon', 'authenticated', 'service_role'].includes(claims.role)) throw new Error('role');
      return claims;
    } catch {
      throw fail(400, 'InvalidJWT', 'Invalid Compact JWS');
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

  async function bucket(
    id: string,
  ): Promise<
    { id: string; public: boolean; file_size_limit: number | null; allowed_mime_types: string[] | null } | undefined
  > {
    const result = await db.query<{
      id: string;
      public: boolean;
      file_size_limit: number | null;
      allowed_mime_types: string[] | null;
    }>(
      'select id, public, file_size_limit::float8 as file_size_limit, allowed_mime_types from storage.buckets where id = $1',
      [id],
    );
    return result.rows[0];
  }

  async function requireBucket(id: string) {
    const found = await bucket(id);
    if (!found) throw fail(404, 'Bucket not found', 'Bucket not found');
    return found;
  }

  async function readJson(req: Request): Promise<Record<string, unknown>> {
    const text = await req.text();
    if (!text.trim()) return {};
    try {
      const body = JSON.parse(text) as unknown;
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error('not an object');
      return body as Record<string, unknown>;
    } catch {
      throw fail(400, 'InvalidRequest', 'Invalid JSON body');
    }
  }

  const bucketJson = `select id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at
    from storage.buckets`;

  async function handleBucket(req: Request, method: string, rest: string[], claims: Claims): Promise<Response> {
    const id = rest[0] ? decodeURIComponent(rest[0]) : undefined;
    if (method === 'GET' && !id) {
      const rows = await asCaller(claims, (tx) => tx.query(`${bucketJson} order by name`));
      return json(200, rows.rows);
    }
    if (method === 'GET' && id) {
      const rows = await asCaller(claims, (tx) => tx.query(`${bucketJson} where id = $1`, [id]));
      if (!rows.rows[0]) throw fail(404, 'Bucket not found', 'Bucket not found');
      return json(200, rows.rows[0]);
    }
    if (method === 'POST' && !id) {
      const body = await readJson(req);
      const name = String(body.name ?? body.id ?? '');
      if (!/^[A-Za-z0-9_.\- ]+$/.test(name)) throw fail(400, 'InvalidBucketName', 'Bucket name invalid');
      await asCaller(claims, (tx) =>
        tx.query(
          `insert into storage.buckets (id, name, owner, public, file_size_limit, allowed_mime_types)
           values ($1, $2, $3, $4, $5, $6)`,
          [
            String(body.id ?? name),
            name,
            claims.sub ?? null,
            Boolean(body.public),
            body.file_size_limit ?? null,
            Array.isArray(body.allowed_mime_types) ? body.allowed_mime_types : null,
          ],
        ),
      );
      return json(200, { name });
    }
    if (method === 'PUT' && id) {
      const body = await readJson(req);
      const result = await asCaller(claims, (tx) =>
        tx.query(
          `update storage.buckets set public = coalesce($2, public), file_size_limit = $3, allowed_mime_types = $4,
             updated_at = now() where id = $1`,
          [
            id,
            typeof body.public === 'boolean' ? body.public : null,
            body.file_size_limit ?? null,
            Array.isArray(body.allowed_mime_types) ? body.allowed_mime_types : null,
          ],
        ),
      );
      if (!result.affectedRows) throw fail(404, 'Bucket not found', 'Bucket not found');
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
      if ((count.rows[0]?.n ?? 0) > 0) {
        throw fail(409, 'InvalidRequest', 'The bucket you tried to delete is not empty');
      }
      const result = await asCaller(claims, (tx) => tx.query('delete from storage.buckets where id = $1', [id]));
      if (!result.affectedRows) throw fail(404, 'Bucket not found', 'Bucket not found');
      return json(200, { message: 'Successfully deleted' });
    }
    throw fail(404, 'not_found', 'Route not found');
  }

  function unlinkQuiet(file: string) {
    try {
      unlinkSync(file);
    } catch {
      // already gone
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
    let bytes: Uint8Array;
    let contentType = req.headers.get('content-type') ?? 'application/octet-stream';
    let cacheControl = req.headers.get('cache-control') ?? 'max-age=3600';
    let userMetadata: unknown = null;
    if (contentType.startsWith('multipart/form-data')) {
      const form = await req.formData();
      let file: Blob | undefined;
      for (const [field, value] of form) {
        if (typeof value !== 'string') file ??= value;
        else if (field === 'cacheControl') cacheControl = `max-age=${value}`;
        else if (field === 'metadata') {
          try {
            userMetadata = JSON.parse(value);
          } catch {
            userMetadata = null;
          }
        }
      }
      if (!file) throw fail(400, 'InvalidRequest', 'No file in the form');
      bytes = new Uint8Array(await file.arrayBuffer());
      contentType = file.type || 'application/octet-stream';
    } else {
      bytes = new Uint8Array(await req.arrayBuffer());
      if (/^\d+$/.test(cacheControl)) cacheControl = `max-age=${cacheControl}`;
    }
    if (b.file_size_limit && bytes.length > b.file_size_limit) {
      throw fail(413, 'Payload too large', 'The object exceeded the maximum allowed size');
    }
    if (b.allowed_mime_types?.length) {
      const base = contentType.split(';')[0]?.trim() ?? '';
      const ok = b.allowed_mime_types.some((m) => m === base || (m.endsWith('/*') && base.startsWith(m.slice(0, -1))));
      if (!ok) throw fail(415, 'invalid_mime_type', `mime type ${base} is not supported`);
    }
    const upsert = method === 'PUT' || method === 'UPSERT' || req.headers.get('x-upsert') === 'true';
    const eTag = `"${createHash('md5').update(bytes).digest('hex')}"`;
    const metadata = {
      eTag,
      size: bytes.length,
      mimetype: contentType,
      cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: bytes.length,
      httpStatusCode: 200,
    };
    const row = await asCaller(claims, async (tx) => {
      const id = randomUUID();
      const params = [id, bucketId, name, claims.sub ?? null, JSON.stringify(metadata), JSON.stringify(userMetadata)];
      let result: { rows: { id: string }[] };
      if (method === 'PUT') {
        result = await tx.query<{ id: string }>(
          `update storage.objects set metadata = $5::text::jsonb, user_metadata = $6::text::jsonb, updated_at = now(),
             owner = coalesce(owner, $4::uuid), owner_id = coalesce(owner_id, $4::text)
           where bucket_id = $2 and name = $3 and $1::text is not null returning id`,
          params,
        );
        if (!result.rows[0]) throw fail(404, 'not_found', 'Object not found');
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
          if ((error as { code?: string }).code === '23505')
            throw fail(409, 'Duplicate', 'The resource already exists');
          throw error;
        }
      }
      writeFileSync(fileOf(bucketId, name), bytes);
      return result.rows[0] as { id: string };
    });
    return json(200, { Id: row.id, Key: `${bucketId}/${name}` });
  }

  async function download(bucketId: string, name: string, claims: Claims | null, head: boolean): Promise<Response> {
    validName(name);
    const query = (tx: Queryable) =>
      tx.query<ObjectRow>('select id, name, metadata from storage.objects where bucket_id = $1 and name = $2', [
        bucketId,
        name,
      ]);
    const result = claims ? await asCaller(claims, query) : await query(db);
    const row = result.rows[0];
    if (!row) throw fail(404, 'not_found', 'Object not found');
    let bytes: Buffer;
    try {
      bytes = readFileSync(fileOf(bucketId, name));
    } catch {
      throw fail(404, 'not_found', 'Object not found');
    }
    const meta = row.metadata ?? {};
    return new Response(head ? null : new Uint8Array(bytes), {
      status: 200,
      headers: {
        'content-type': String(meta.mimetype ?? 'application/octet-stream'),
        'content-length': String(bytes.length),
        'cache-control': String(meta.cacheControl ?? 'no-cache'),
        etag: String(meta.eTag ?? ''),
        'last-modified': new Date(String(meta.lastModified ?? Date.now())).toUTCString(),
      },
    });
  }

  async function list(req: Request, bucketId: string, claims: Claims): Promise<Response> {
    await requireBucket(bucketId);
    const body = await readJson(req);
    const prefix = String(body.prefix ?? '').replace(/^\/+|\/+$/g, '');
    const limit = Math.min(Number(body.limit ?? 100) || 100, 1000);
    const offset = Number(body.offset ?? 0) || 0;
    const search = String(body.search ?? '');
    const sortBy = (body.sortBy ?? {}) as { column?: string; order?: string };
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
    const column = ['name', 'updated_at', 'created_at', 'last_accessed_at'].includes(sortBy.column ?? '')
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

  async function remove(req: Request, bucketId: string, claims: Claims): Promise<Response> {
    const body = await readJson(req);
    const prefixes = Array.isArray(body.prefixes) ? body.prefixes.map(String) : [];
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

  async function sign(bucketId: string, name: string, expiresIn: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const token = await keys.sign({
      role: 'storage_signed_url',
      url: `${bucketId}/${name}`,
      iat: now,
      exp: now + expiresIn,
    });
    return `/object/sign/${encodePath(`${bucketId}/${name}`)}?token=${token}`;
  }

  async function moveOrCopy(req: Request, copy: boolean, claims: Claims): Promise<Response> {
    const body = await readJson(req);
    const bucketId = String(body.bucketId ?? '');
    const from = validName(String(body.sourceKey ?? ''));
    const to = validName(String(body.destinationKey ?? ''));
    const toBucket = String(body.destinationBucket ?? bucketId);
    await requireBucket(bucketId);
    await requireBucket(toBucket);
    const source = fileOf(bucketId, from);
    const result = await asCaller(claims, async (tx) => {
      const found = await tx.query<ObjectRow>(
        'select id, metadata from storage.objects where bucket_id = $1 and name = $2',
        [bucketId, from],
      );
      const row = found.rows[0];
      if (!row) throw fail(404, 'not_found', 'Object not found');
      let id = row.id;
      if (copy) {
        const inserted = await tx.query<{ id: string }>(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
           values ($1, $2, $3::uuid, $3::text, $4::text::jsonb) returning id`,
          [toBucket, to, claims.sub ?? null, JSON.stringify(row.metadata)],
        );
        id = inserted.rows[0]?.id as string;
      } else {
        const moved = await tx.query(
          'update storage.objects set bucket_id = $3, name = $4, updated_at = now() where bucket_id = $1 and name = $2',
          [bucketId, from, toBucket, to],
        );
        if (!moved.affectedRows) throw fail(404, 'not_found', 'Object not found');
      }
      writeFileSync(fileOf(toBucket, to), readFileSync(source));
      if (!copy) unlinkQuiet(source);
      return id;
    });
    return copy ? json(200, { Id: result, Key: `${toBucket}/${to}` }) : json(200, { message: 'Successfully moved' });
  }

  async function route(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const method = req.method.toUpperCase();
    const parts = url.pathname.replace(/^\/storage\/v1\//, '').split('/');
    const [area, ...rest] = parts;
    if (area === 'bucket') return handleBucket(req, method, rest, await claimsOf(req));
    if (area !== 'object') throw fail(404, 'not_found', 'Route not found');
    const head = method === 'HEAD';
    const first = rest[0] ?? '';
    const tail = (from: number) => rest.slice(from).map(decodeURIComponent).join('/');

    if (first === 'public' && (method === 'GET' || head)) {
      const bucketId = decodeURIComponent(rest[1] ?? '');
      const b = await bucket(bucketId);
      if (!b?.public) throw fail(404, 'not_found', 'Object not found');
      return download(bucketId, tail(2), null, head);
    }
    if (first === 'sign') {
      const bucketId = decodeURIComponent(rest[1] ?? '');
      if (method === 'GET' || head) {
        const token = url.searchParams.get('token') ?? '';
        let claims: Claims;
        try {
          claims = await keys.verify(token);
        } catch {
          throw fail(400, 'InvalidJWT', 'jwt expired or invalid');
        }
        const name = tail(2);
        if (claims.role !== 'storage_signed_url' || claims.url !== `${bucketId}/${name}`) {
          throw fail(400, 'InvalidSignature', 'Invalid signature');
        }
        return download(bucketId, name, null, head);
      }
      if (method === 'POST') {
        const claims = await claimsOf(req);
        const body = await readJson(req);
        const expiresIn = Math.max(1, Number(body.expiresIn ?? 60) || 60);
        if (rest.length > 2) {
          const name = validName(tail(2));
          const visible = await asCaller(claims, (tx) =>
            tx.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucketId, name]),
          );
          if (!visible.rows.length) throw fail(404, 'not_found', 'Object not found');
          return json(200, { signedURL: await sign(bucketId, name, expiresIn) });
        }
        const paths = Array.isArray(body.paths) ? body.paths.map(String) : [];
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
      const bucketId = decodeURIComponent(rest[2] ?? '');
      const name = validName(tail(3));
      if (method === 'POST') {
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
          if ((error as { code?: string }).code === '23505')
            throw fail(409, 'Duplicate', 'The resource already exists');
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
          throw fail(400, 'InvalidJWT', 'jwt expired or invalid');
        }
        if (claims.role !== 'storage_signed_upload' || claims.url !== `${bucketId}/${name}`) {
          throw fail(400, 'InvalidSignature', 'Invalid signature');
        }
        const owner = typeof claims.owner === 'string' ? claims.owner : undefined;
        return upload(req, claims.upsert ? 'UPSERT' : 'POST', bucketId, name, { role: 'service_role', sub: owner });
      }
    }
    if (first === 'list' && method === 'POST') return list(req, decodeURIComponent(rest[1] ?? ''), await claimsOf(req));
    if ((first === 'move' || first === 'copy') && method === 'POST') {
      return moveOrCopy(req, first === 'copy', await claimsOf(req));
    }
    if (first === 'authenticated' && (method === 'GET' || head)) {
      return download(decodeURIComponent(rest[1] ?? ''), tail(2), await claimsOf(req), head);
    }
    if (first === 'info') {
      const bucketId = decodeURIComponent(rest[1] ?? '');
      const claims = await claimsOf(req);
      const found = await asCaller(claims, (tx) =>
        tx.query<ObjectRow>(
          'select id, name, bucket_id, metadata, created_at, updated_at from storage.objects where bucket_id = $1 and name = $2',
          [bucketId, tail(2)],
        ),
      );
      if (!found.rows[0]) throw fail(404, 'not_found', 'Object not found');
      return json(200, found.rows[0]);
    }
    const bucketId = decodeURIComponent(first);
    const claims = await claimsOf(req);
    if (method === 'DELETE' && rest.length === 1) return remove(req, bucketId, claims);
    const name = tail(1);
    if (method === 'POST' || method === 'PUT') return upload(req, method, bucketId, name, claims);
    if (method === 'GET' || head) return download(bucketId, name, claims, head);
    if (method === 'DELETE') {
      const removed = await asCaller(claims, (tx) =>
        tx.query<ObjectRow>('delete from storage.objects where bucket_id = $1 and name = $2 returning name', [
          bucketId,
          name,
        ]),
      );
      if (!removed.rows[0]) throw fail(404, 'not_found', 'Object not found');
      unlinkQuiet(fileOf(bucketId, name));
      return json(200, { message: 'Successfully deleted' });
    }
    throw fail(404, 'not_found', 'Route not found');
  }

  return {
    async handle(req) {
      try {
        return await route(req);
      } catch (error) {
        if (error instanceof StorageError) {
          return json(error.status, { statusCode: String(error.status), error: error.error, message: error.message });
        }
        const pg = error as { code?: string; message?: string };
        if (pg.code === '42501') {
          return json(403, {
            statusCode: '403',
            error: 'Unauthorized',
            message: 'new row violates row-level security policy',
          });
        }
        if (pg.code === '23505')
          return json(409, { statusCode: '409', error: 'Duplicate', message: 'The resource already exists' });
        if (pg.code === '23503')
          return json(404, { statusCode: '404', error: 'Bucket not found', message: 'Bucket not found' });
        if (pg.code && /^[0-9A-Z]{5}$/.test(pg.code)) {
          return json(400, { statusCode: '400', error: 'DatabaseError', message: pg.message ?? 'Database error' });
        }
        console.error('[storage]', error);
        return json(500, { statusCode: '500', error: 'internal', message: 'Internal server error' });
      }
    },
    close() {
      if (temp) rmSync(temp, { recursive: true, force: true });
    },
  };
}

function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
