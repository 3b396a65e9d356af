// The OAuth 2.1 server's admin client API driven through supabase-js (`auth.admin.oauth`), with expectations from
// GoTrue's sources (internal/api/oauthserver: handlers.go, service.go, client_auth.go; middleware.go).

import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestStack, type TestStack, testConfig } from './testing/harness.ts';

vi.setConfig({ testTimeout: 20_000 });

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack(testConfig({ oauthServerEnabled: true }));
}, 60_000);
afterAll(async () => {
  await stack?.close();
});

const oauth = () => stack.admin().auth.admin.oauth;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A raw admin call, where the status or the exact body matters. */
async function raw(method: string, path: string, body?: string) {
  const res = await stack.fetch(`/auth/v1/admin/oauth/clients${path}`, {
    method,
    headers: {
      apikey: stack.ctx.keys.serviceRoleKey,
      Authorization: `Bearer ${stack.ctx.keys.serviceRoleKey}`,
      'X-Supabase-Api-Version': '2024-01-01',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body,
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

async function storedHash(clientId: string): Promise<string | null> {
  const { rows } = await stack.db.query<{ hash: string | null }>(
    'select client_secret_hash as hash from auth.oauth_clients where id = $1',
    [clientId],
  );
  return rows[0]!.hash;
}

const sha256 = (secret: string) => createHash('sha256').update(secret).digest('base64url');

describe('while [auth.oauth_server] is off', () => {
  it('answers every client route 404 feature_disabled "OAuth server is disabled", after the admin check', async () => {
    stack.ctx.config.auth.oauthServerEnabled = false;
    try {
      const id = '83fd9e20-7a80-46e4-bf29-a86e3d6bbf66';
      const calls = [
        oauth().listClients(),
        oauth().createClient({ client_name: 'Off', redirect_uris: ['https://app.example.com/cb'] }),
        oauth().getClient(id),
        oauth().updateClient(id, { client_name: 'Renamed' }),
        oauth().deleteClient(id),
        oauth().regenerateClientSecret(id),
      ];
      for (const { error } of await Promise.all(calls)) {
        expect(error).toMatchObject({ status: 404, code: 'feature_disabled', message: 'OAuth server is disabled' });
      }
      expect((await oauth().listClients()).data).toEqual({ clients: [] });

      const asAnon = await stack.client().auth.admin.oauth.listClients();
      expect(asAnon.error).toMatchObject({ status: 403, code: 'not_admin' });
    } finally {
      stack.ctx.config.auth.oauthServerEnabled = true;
    }
  });
});

describe('registering a client', () => {
  it('makes a confidential client by default, answering 201 with its secret once', async () => {
    const res = await raw(
      'POST',
      '',
      JSON.stringify({ client_name: 'Journal CLI', redirect_uris: ['https://app.example.com/callback'] }),
    );
    expect(res.status).toBe(201);
    const client = res.body!;
    expect(client).toEqual({
      client_id: expect.stringMatching(UUID),
      client_secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      client_type: 'confidential',
      redirect_uris: ['https://app.example.com/callback'],
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      client_name: 'Journal CLI',
      registration_type: 'manual',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    // Only the SHA-256 of the secret is kept.
    expect(await storedHash(client.client_id as string)).toBe(sha256(client.client_secret as string));

    const { data, error } = await oauth().getClient(client.client_id as string);
    expect(error).toBeNull();
    const { client_secret: _secret, ...rest } = client;
    expect(data).toEqual(rest);
  });

  it('makes a public client (no secret) from token_endpoint_auth_method none or client_type public', async () => {
    const byMethod = await oauth().createClient({
      client_name: 'Mobile app',
      client_uri: 'https://app.example.com',
      redirect_uris: ['myapp://callback', 'http://localhost:3000/cb', 'http://127.0.0.1:8080/cb'],
      token_endpoint_auth_method: 'none',
    });
    expect(byMethod.error).toBeNull();
    expect(byMethod.data).toMatchObject({
      client_type: 'public',
      token_endpoint_auth_method: 'none',
      client_uri: 'https://app.example.com',
      redirect_uris: ['myapp://callback', 'http://localhost:3000/cb', 'http://127.0.0.1:8080/cb'],
    });
    expect(byMethod.data).not.toHaveProperty('client_secret');
    expect(await storedHash(byMethod.data!.client_id)).toBeNull();

    const raw201 = await raw(
      'POST',
      '',
      JSON.stringify({ client_type: 'public', redirect_uris: ['https://app.example.com/cb'], grant_types: null }),
    );
    expect(raw201.status).toBe(201);
    expect(raw201.body).toMatchObject({ client_type: 'public', token_endpoint_auth_method: 'none' });
    // An empty client_name is left out of the answer, as Go's omitempty does.
    expect(raw201.body).not.toHaveProperty('client_name');
  });

  it.each([
    [{ client_name: 'x' }, 'redirect_uris is required'],
    [{ redirect_uris: [] }, 'redirect_uris is required'],
    [{ redirect_uris: ['invalid-uri'] }, "invalid redirect_uri 'invalid-uri': must have scheme and host"],
    [{ redirect_uris: [''] }, "invalid redirect_uri '': redirect URI cannot be empty"],
    [
      { redirect_uris: ['https://a.example.com/%zz'] },
      "invalid redirect_uri 'https://a.example.com/%zz': invalid URL format",
    ],
    [
      { redirect_uris: ['http://app.example.com/cb'] },
      "invalid redirect_uri 'http://app.example.com/cb': HTTP scheme only allowed for localhost",
    ],
    [
      { redirect_uris: ['JavaScript://app.example.com/cb'] },
      "invalid redirect_uri 'JavaScript://app.example.com/cb': scheme 'javascript' is not allowed for security reasons",
    ],
    [
      { redirect_uris: ['https://app.example.com/cb#done'] },
      "invalid redirect_uri 'https://app.example.com/cb#done': fragment not allowed in redirect URI",
    ],
    [
      { redirect_uris: Array.from({ length: 11 }, (_, i) => `https://app.example.com/${i}`) },
      'redirect_uris cannot exceed 10 items',
    ],
    [
      { redirect_uris: ['https://app.example.com/cb'], grant_types: ['implicit'] },
      "grant_types must only contain 'authorization_code' and/or 'refresh_token'",
    ],
    [
      { redirect_uris: ['https://app.example.com/cb'], client_name: 'n'.repeat(1025) },
      'client_name cannot exceed 1024 characters',
    ],
    [
      { redirect_uris: ['https://app.example.com/cb'], client_uri: 'app.example.com' },
      'client_uri must be a valid URL',
    ],
    [
      { redirect_uris: ['https://app.example.com/cb'], logo_uri: 'https://bad host/logo.png' },
      'logo_uri must be a valid URL',
    ],
    [
      { redirect_uris: ['https://app.example.com/cb'], client_type: 'secret' },
      "client_type must be 'public' or 'confidential'",
    ],
    [
      { redirect_uris: ['https://app.example.com/cb'], token_endpoint_auth_method: 'private_key_jwt' },
      'token_endpoint_auth_method must be one of: [none client_secret_basic client_secret_post]',
    ],
    [
      {
        redirect_uris: ['https://app.example.com/cb'],
        client_type: 'public',
        token_endpoint_auth_method: 'client_secret_basic',
      },
      "client_type 'public' is inconsistent with token_endpoint_auth_method 'client_secret_basic' (expected client_type 'confidential')",
    ],
  ])('refuses %j with GoTrue\'s 400 validation_failed "400: %s"', async (params, message) => {
    const { data, error } = await oauth().createClient(params as never);
    expect(data).toBeNull();
    // GoTrue wraps the validation error in another, so its message carries the first one's "400: " prefix.
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: `400: ${message}` });
  });

  it('answers 400 bad_json "Invalid JSON body" for a body Go cannot decode into its params', async () => {
    for (const body of ['', '{', '[]', '"x"', '{"redirect_uris":"https://app.example.com/cb"}', '{"client_name":5}']) {
      expect(await raw('POST', '', body)).toEqual({
        status: 400,
        body: { code: 'bad_json', message: 'Invalid JSON body' },
      });
    }
  });
});

describe('listing, reading, updating and deleting clients', () => {
  it('lists every client newest first without secrets; page and perPage change nothing, as GoTrue does not paginate', async () => {
    const first = (await oauth().createClient({ client_name: 'first', redirect_uris: ['https://a.example.com/cb'] }))
      .data!;
    const second = (await oauth().createClient({ client_name: 'second', redirect_uris: ['https://b.example.com/cb'] }))
      .data!;
    const { data, error } = await oauth().listClients({ page: 1, perPage: 1 });
    expect(error).toBeNull();
    const ids = data.clients.map((client) => client.client_id);
    expect(ids.indexOf(second.client_id)).toBeLessThan(ids.indexOf(first.client_id));
    expect(ids.indexOf(first.client_id)).toBeGreaterThan(0);
    expect(data.clients.some((client) => 'client_secret' in client)).toBe(false);
    // No Link or X-Total-Count headers: supabase-js keeps its defaults.
    expect(data).toMatchObject({ nextPage: null, lastPage: 0, total: 0 });
  });

  it('updates only the members given, keeps the secret, and checks the auth method against the client type', async () => {
    const created = (await oauth().createClient({ client_name: 'Before', redirect_uris: ['https://a.example.com/cb'] }))
      .data!;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const renamed = await oauth().updateClient(created.client_id, {
      client_name: 'After',
      logo_uri: 'https://a.example.com/logo.png',
      token_endpoint_auth_method: 'client_secret_post',
    });
    expect(renamed.error).toBeNull();
    expect(renamed.data).toMatchObject({
      client_id: created.client_id,
      client_name: 'After',
      logo_uri: 'https://a.example.com/logo.png',
      redirect_uris: ['https://a.example.com/cb'],
      token_endpoint_auth_method: 'client_secret_post',
      client_type: 'confidential',
      created_at: created.created_at,
    });
    expect(renamed.data).not.toHaveProperty('client_secret');
    expect(Date.parse(renamed.data!.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
    expect(await storedHash(created.client_id)).toBe(sha256(created.client_secret!));

    const none = await oauth().updateClient(created.client_id, { token_endpoint_auth_method: 'none' });
    expect(none.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message:
        "token_endpoint_auth_method 'none' is not valid for client_type 'confidential'; valid methods: [client_secret_basic client_secret_post]",
    });
    const empty = await oauth().updateClient(created.client_id, {});
    expect(empty.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'No fields provided for update',
    });
    const noUris = await oauth().updateClient(created.client_id, { redirect_uris: [] });
    expect(noUris.error).toMatchObject({ status: 400, message: 'redirect_uris cannot be empty' });
    const badUri = await oauth().updateClient(created.client_id, { redirect_uris: ['invalid-uri'] });
    expect(badUri.error).toMatchObject({
      status: 400,
      message: "invalid redirect_uri 'invalid-uri': must have scheme and host",
    });
  });

  it('regenerates the secret of a confidential client only', async () => {
    const confidential = (await oauth().createClient({ client_name: 'c', redirect_uris: ['https://a.example.com/cb'] }))
      .data!;
    const { data, error } = await oauth().regenerateClientSecret(confidential.client_id);
    expect(error).toBeNull();
    expect(data!.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data!.client_secret).not.toBe(confidential.client_secret);
    expect(await storedHash(confidential.client_id)).toBe(sha256(data!.client_secret!));

    const pub = (
      await oauth().createClient({
        client_name: 'p',
        redirect_uris: ['https://a.example.com/cb'],
        token_endpoint_auth_method: 'none',
      })
    ).data!;
    const refused = await oauth().regenerateClientSecret(pub.client_id);
    expect(refused.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Cannot regenerate secret for public client',
    });
  });

  it('deletes with 204, after which the client is gone from every route', async () => {
    const created = (await oauth().createClient({ client_name: 'gone', redirect_uris: ['https://a.example.com/cb'] }))
      .data!;
    expect(await raw('DELETE', `/${created.client_id}`)).toEqual({ status: 204, body: null });
    const notFound = { status: 404, code: 'oauth_client_not_found', message: 'OAuth client not found' };
    expect((await oauth().getClient(created.client_id)).error).toMatchObject(notFound);
    expect((await oauth().deleteClient(created.client_id)).error).toMatchObject(notFound);
    expect((await oauth().updateClient(created.client_id, { client_name: 'x' })).error).toMatchObject(notFound);
    const { data } = await oauth().listClients();
    expect(data.clients.map((client) => client.client_id)).not.toContain(created.client_id);
  });

  it('answers 400 "invalid client_id format" for an id that is not a UUID', async () => {
    const { error } = await oauth().getClient('not-a-uuid');
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: 'invalid client_id format' });
  });
});
