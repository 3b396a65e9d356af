// `[storage.buckets.<name>]` of supabase/config.toml become buckets at start, and `status` finds a stack that was
// started from the library (as the monorepo's `npm start` does) by asking its port.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from './cli.ts';
import { loadConfig } from './config.ts';
import { makeWorkdir } from './rest/fixture.ts';
import { startServer } from './server.ts';

const CONFIG = `
[storage.buckets.avatars]
public = true
file_size_limit = "5MiB"
allowed_mime_types = ["image/png", "image/jpeg"]

[storage.buckets.documents]
file_size_limit = "50MB"
`;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('[storage.buckets.<name>]', () => {
  it('are read from config.toml', async () => {
    const config = await loadConfig({ workdir: makeWorkdir({ 'supabase/config.toml': CONFIG }) });
    expect(config.storageBuckets).toEqual([
      { name: 'avatars', public: true, fileSizeLimit: 5 * 1024 * 1024, allowedMimeTypes: ['image/png', 'image/jpeg'] },
      { name: 'documents', public: false, fileSizeLimit: 50_000_000 },
    ]);
    expect((await loadConfig({ workdir: makeWorkdir({ 'supabase/.keep': '' }) })).storageBuckets).toEqual([]);
  });

  it('are created at start, and updated to match the file; status finds the running stack', async () => {
    const workdir = makeWorkdir({
      'supabase/config.toml': CONFIG,
      // a bucket a migration made, which the config then changes
      'supabase/migrations/1_documents.sql': `insert into storage.buckets (id, name, public, allowed_mime_types)
        values ('documents', 'documents', true, array['application/pdf']);`,
    });
    const server = await startServer({ ...(await loadConfig({ workdir })), port: 0 });
    try {
      const { rows } = await server.db.query(
        `select id, public, file_size_limit::float8 as limit, allowed_mime_types as types
         from storage.buckets order by id`,
      );
      expect(rows).toEqual([
        { id: 'avatars', public: true, limit: 5 * 1024 * 1024, types: ['image/png', 'image/jpeg'] },
        { id: 'documents', public: false, limit: 50_000_000, types: null },
      ]);
      const listed = await fetch(`${server.url}/storage/v1/bucket`, {
        headers: { apikey: server.serviceRoleKey, authorization: `Bearer ${server.serviceRoleKey}` },
      });
      expect(((await listed.json()) as { id: string }[]).map((b) => b.id).sort()).toEqual(['avatars', 'documents']);

      // `supabase-local status` for a workdir whose config names this port, with no state file
      const port = new URL(server.url).port;
      const statusDir = makeWorkdir({ 'supabase/config.toml': `[api]\nport = ${port}\n` });
      const out: string[] = [];
      vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void out.push(args.join(' ')));
      expect(await main(['status', '--workdir', statusDir])).toBe(0);
      expect(out.join('\n')).toMatch(new RegExp(`supabase-local is running at http://127\\.0\\.0\\.1:${port}`));
      expect(out.join('\n')).toMatch(/anon key: eyJ/);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
