/**
 * The adapter over a real supabase-js client whose fetch is a stub answering like PostgREST: checks the requests on
 * the wire (path, query, headers, RPC body) and the PGRST116 answer, without a server.
 */
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createSupabaseAccessService } from './index.ts';

interface Seen {
  method: string;
  url: URL;
  accept: string | null;
  body: unknown;
}

function clientAnswering(answer: (request: Seen) => Response) {
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
  return { access: createSupabaseAccessService(client), seen };
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
