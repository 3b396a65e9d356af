// `[storage.buckets.<name>]` of supabase/config.toml: created, or updated to match the file, at every start.
import type { BucketConfig } from '../config.ts';
import type { Database } from '../types.ts';

/** Creates each configured bucket, or updates its `public`, `file_size_limit` and `allowed_mime_types`. */
export async function applyConfigBuckets(db: Database, buckets: readonly BucketConfig[]): Promise<void> {
  for (const bucket of buckets) {
    await db.query(
      `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
       values ($1, $1, $2, $3, $4)
       on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
         allowed_mime_types = excluded.allowed_mime_types, updated_at = now()`,
      [bucket.name, bucket.public, bucket.fileSizeLimit ?? null, bucket.allowedMimeTypes ?? null],
    );
  }
}
