/**
 * The adapter over a real supabase-js client whose fetch is a stub answering like PostgREST and GoTrue: checks the
 * requests on the wire (path, query, headers, RPC body), the PGRST116 answer, and which auth failures carry a message
 * of the service's, without a server.
 */
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createActor, waitFor } from 'xstate';
import { createAuthFormMachine } from '../machines/authForm.ts';
import { createSessionMachine } from '../machines/session.ts';
import { createTestPorts, makeSession } from '../test-support.ts';
import { createSupabaseAccessService, createSupabaseAuthClient } from './index.ts';

interface Seen {
  method: string;
  url: URL;
  accept: string | null;
  body: unknown;
}

function clientAnswering(answer: (request: Seen) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = request.method === 'GET' ? '' : await request.text();
    const entry = {
      method: request.method,
      url: new URL(request.url),
      accept: request.headers.get('accept'),
      body: text ? JSON.parse(text) : undefined,
    };
    seen.push(entry);
    return answer(entry);
  };
  const client = createClient('http://supabase.test', 'anon-key', {
    global: { fetch },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
  return { access: createSupabaseAccessService(client), auth: createSupabaseAuthClient(client), client, seen };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('Supabase adapter on the wire', () => {
  it('queries subscriptions by user and status, newest first, one object', async () => {
    const row = {
      user_id: 'u1',
      status: 'active',
      created_at: '2026-01-01T00:00:00Z',
      end_date: '2027-01-01T00:00:00Z',
    };
    const { access, seen } = clientAnswering(() => json(200, row));
    await expect(access.latestActiveSubscription('u1')).resolves.toEqual(row);
    const [request] = seen;
    expect(request?.method).toBe('GET');
    expect(request?.url.pathname).toBe('/rest/v1/subscriptions');
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({
      select: '*',
      user_id: 'eq.u1',
      status: 'eq.active',
      order: 'created_at.desc',
      limit: '1',
    });
    expect(request?.accept).toBe('application/vnd.pgrst.object+json');
  });

  it("reads PostgREST's 406 PGRST116 (no row) as no subscription", async () => {
    const { access } = clientAnswering(() =>
      json(406, {
        code: 'PGRST116',
        details: 'The result contains 0 rows',
        hint: null,
        message: 'Cannot coerce the result to a single JSON object',
      }),
    );
    await expect(access.latestActiveSubscription('u1')).resolves.toBeNull();
  });

  it('posts the RPCs with their named arguments', async () => {
    const { access, seen } = clientAnswering(() => json(200, true));
    await access.isAdmin('u1');
    await access.hasFreeAccess('u1');
    await access.addRole('u1', 'admin');
    expect(seen.map((r) => [r.method, r.url.pathname, r.body])).toEqual([
      ['POST', '/rest/v1/rpc/is_admin_secure', { check_user_id: 'u1' }],
      ['POST', '/rest/v1/rpc/has_free_access', { user_id: 'u1' }],
      ['POST', '/rest/v1/rpc/add_role_to_user', { target_user_id: 'u1', role_name: 'admin' }],
    ]);
  });

  it('rejects when the grant is refused by the server', async () => {
    const { access } = clientAnswering(() =>
      json(403, { code: '42501', details: null, hint: null, message: 'not allowed to grant roles' }),
    );
    await expect(access.addRole('u1', 'admin')).rejects.toMatchObject({ code: '42501' });
  });
});

describe('auth failures without a message of the service', () => {
  const unreachable = () => Promise.reject(new TypeError('Failed to fetch'));
  const credentials = { email: 'a@b.in', password: 'pw1234' };

  it.each([
    ['the service is unreachable', unreachable],
    ['a 500 with an empty body', () => new Response('', { status: 500, statusText: 'Internal Server Error' })],
    [
      'a 502 page from a proxy',
      () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    ],
    ['a 503 without a status text (HTTP/2)', () => new Response('', { status: 503 })],
    ['a 500 with a JSON body and no message in it', () => json(500, {})],
    ['a 404 page that is not JSON', () => new Response('<html>Not found</html>', { status: 404 })],
  ])('%s: no message, so the sign-in form shows the fallback', async (_name, answer) => {
    const { auth } = clientAnswering(answer);
    const failure = await auth.signIn(credentials).catch((error: unknown) => error);
    expect(failure).toMatchObject({ message: '' });
    const form = createActor(createAuthFormMachine({ auth }, { siteUrl: 'https://bahi.example' })).start();
    form.send({ type: 'SIGN_IN', credentials });
    await waitFor(form, (snapshot) => snapshot.context.error !== null);
    expect(form.getSnapshot().context.error).toBe('Failed to sign in');
    form.send({ type: 'SIGN_UP', credentials, fullName: 'Asha' });
    await waitFor(form, (snapshot) => snapshot.matches('idle') && snapshot.context.error !== null);
    expect(form.getSnapshot().context.error).toBe('Failed to sign up');
  });

  it("keeps the service's own message, from a 4xx or a 5xx", async () => {
    const refused = clientAnswering(() => {
      const response = json(400, { code: 'invalid_credentials', message: 'Invalid login credentials' });
      response.headers.set('x-supabase-api-version', '2024-01-01');
      return response;
    });
    await expect(refused.auth.signIn(credentials)).rejects.toMatchObject({
      message: 'Invalid login credentials',
      status: 400,
      code: 'invalid_credentials',
    });
    const down = clientAnswering(() => json(500, { code: 500, msg: 'Database error querying schema' }));
    await expect(down.auth.signIn(credentials)).rejects.toMatchObject({ message: 'Database error querying schema' });
  });

  it("shows 'Failed to sign out' when the service cannot be reached, and stays signed in", async () => {
    const session = makeSession();
    const { auth, seen } = clientAnswering((request) =>
      request.url.pathname === '/auth/v1/logout' ? unreachable() : json(200, session),
    );
    await auth.signIn(credentials);
    const ports = createTestPorts();
    ports.auth.signOut.mockImplementation(() => auth.signOut());
    const actor = createActor(createSessionMachine(ports)).start();
    ports.auth.emit('INITIAL_SESSION', session);
    actor.send({ type: 'SIGN_OUT' });
    await waitFor(actor, (snapshot) => snapshot.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Failed to sign out');
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(ports.notifier.error).toHaveBeenCalledWith('Failed to sign out');
    // This device's session only.
    const logout = seen.find((request) => request.url.pathname === '/auth/v1/logout');
    expect(logout?.url.searchParams.get('scope')).toBe('local');
  });
});
