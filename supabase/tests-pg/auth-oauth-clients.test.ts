// The OAuth 2.1 server's admin client API of @bahi/supabase-local on PostgreSQL 15 (its table comes from the
// platform bootstrap), driven through supabase-js as on PGlite (packages/supabase-local/src/auth/oauth-clients.test.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, loadConfig, type RunningServer, startServer } from '@bahi/supabase-local';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bootstrappedDatabase } from '../tests/support/db';

let db: Database;
let server: RunningServer;
let workdir: string;

beforeAll(async () => {
  workdir = mkdtempSync(join(tmpdir(), 'bahi-oauth-clients-'));
  mkdirSync(join(workdir, 'supabase'));
  writeFileSync(join(workdir, 'supabase', 'config.toml'), '[auth.oauth_server]\nenabled = true\n');
  db = await bootstrappedDatabase();
  server = await startServer(await loadConfig({ workdir, port: 0 }), { db });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await db?.close();
  rmSync(workdir, { recursive: true, force: true });
});

const oauth = () =>
  createClient(server.url, server.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  }).auth.admin.oauth;

describe('OAuth clients on PostgreSQL 15', () => {
  it('registers, lists, updates, regenerates and deletes a client', async () => {
    const created = await oauth().createClient({
      client_name: 'Journal CLI',
      redirect_uris: ['https://app.example.com/callback', 'http://localhost:3000/cb'],
    });
    expect(created.error).toBeNull();
    const client = created.data!;
    expect(client).toMatchObject({
      client_type: 'confidential',
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['authorization_code', 'refresh_token'],
      registration_type: 'manual',
    });
    expect(client.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const listed = await oauth().listClients();
    expect(listed.data.clients.map((c) => c.client_id)).toContain(client.client_id);

    const updated = await oauth().updateClient(client.client_id, { client_name: 'Renamed', client_uri: '' });
    expect(updated.error).toBeNull();
    expect(updated.data).toMatchObject({ client_name: 'Renamed', redirect_uris: client.redirect_uris });
    expect(updated.data).not.toHaveProperty('client_uri');

    const regenerated = await oauth().regenerateClientSecret(client.client_id);
    expect(regenerated.data!.client_secret).not.toBe(client.client_secret);

    expect((await oauth().deleteClient(client.client_id)).error).toBeNull();
    expect((await oauth().getClient(client.client_id)).error).toMatchObject({
      status: 404,
      code: 'oauth_client_not_found',
    });
  });

  it('validates as GoTrue does', async () => {
    const { error } = await oauth().createClient({ client_name: 'x', redirect_uris: ['http://app.example.com/cb'] });
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: "400: invalid redirect_uri 'http://app.example.com/cb': HTTP scheme only allowed for localhost",
    });
    const missing = await oauth().getClient('00000000-0000-4000-8000-000000000000');
    expect(missing.error).toMatchObject({ status: 404, message: 'OAuth client not found' });
  });
});
