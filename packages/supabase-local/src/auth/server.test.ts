// The auth service and the inbox through the real local server (startServer), as an app would use them.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { type RunningServer, startServer } from '../server.ts';
import type { LocalConfig } from '../types.ts';
import { measurePasswordSignIn, signInFrom } from './bench.ts';
import { DEFAULT_RATE_LIMITS } from './limits.ts';
import { fragmentOf, testConfig } from './testing/harness.ts';

vi.setConfig({ testTimeout: 30_000 });

let server: RunningServer;
let config: LocalConfig;

beforeAll(async () => {
  config = { ...testConfig(), workdir: mkdtempSync(join(tmpdir(), 'bahi-auth-server-')) };
  server = await startServer(config);
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const client = () =>
  createClient(server.url, server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });

describe('auth through the local server', () => {
  it('signs up, mails the link to the inbox, confirms by following it, and signs in', async () => {
    const supabase = client();
    const email = `server-${Date.now()}@example.com`;
    const signup = await supabase.auth.signUp({
      email,
      password: 'secret123',
      options: { data: { full_name: 'Server Test', onboarding_completed: false } },
    });
    expect(signup.error).toBeNull();
    expect(signup.data.session).toBeNull();

    const list = (await (await fetch(`${server.url}/api/v1/messages?query=to:${email}`)).json()) as {
      messages: { ID: string; Subject: string }[];
    };
    expect(list.messages.map((m) => m.Subject)).toEqual(['Confirm Your Signup']);
    const message = (await (await fetch(`${server.url}/api/v1/message/${list.messages[0]!.ID}`)).json()) as {
      Links: string[];
    };
    const link = message.Links[0]!;
    expect(link.startsWith(`${server.url}/auth/v1/verify?`)).toBe(true);

    const inbox = await (await fetch(server.inboxUrl)).text();
    expect(inbox).toContain('Confirm Your Signup');

    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const fragment = fragmentOf(res.headers.get('location')!);
    expect(decodeJwt(fragment.get('access_token')!).iss).toBe(`${server.url}/auth/v1`);

    const { data, error } = await supabase.auth.signInWithPassword({ email, password: 'secret123' });
    expect(error).toBeNull();
    expect(data.user!.user_metadata).toEqual({ full_name: 'Server Test', onboarding_completed: false });
    expect((await supabase.auth.getUser()).data.user!.email).toBe(email);

    expect((await supabase.auth.signOut()).error).toBeNull();
    const after = await fetch(`${server.url}/auth/v1/user`, {
      headers: { apikey: server.anonKey, Authorization: `Bearer ${data.session!.access_token}` },
    });
    expect(after.status).toBe(403);
    expect(after.headers.get('x-sb-error-code')).toBe('session_not_found');
  });

  it('serves the JWKS with its cache header and CORS', async () => {
    const res = await fetch(`${server.url}/auth/v1/.well-known/jwks.json`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({ keys: [] });
  });

  it('gives the bench a median password sign-in latency', async () => {
    const result = await measurePasswordSignIn({
      url: server.url,
      anonKey: server.anonKey,
      serviceRoleKey: server.serviceRoleKey,
      runs: 3,
      warmup: 1,
    });
    expect(result.median).toBeGreaterThan(0);
  });

  it("limits sign-ins by the client's socket address, whatever Sb-Forwarded-For the client claims", async () => {
    const saved = config.auth.rateLimit;
    config.auth.rateLimit = { ...DEFAULT_RATE_LIMITS };
    try {
      const body = JSON.stringify({ email: 'nobody@example.com', password: 'guess' });
      const signIn = async (localAddress: string, claimed?: string) => {
        const headers = { apikey: server.anonKey, 'Content-Type': 'application/json' };
        const answer = await signInFrom(server.url, localAddress, body, {
          ...headers,
          ...(claimed ? { 'Sb-Forwarded-For': claimed } : {}),
        });
        return { status: answer.status, code: answer.headers['x-sb-error-code'] as string | undefined };
      };
      // All at once, so that the bucket (30, refilling at one per 2 s) does not refill meanwhile.
      const answers = await Promise.all(Array.from({ length: 31 }, (_, i) => signIn('127.0.0.3', `203.0.113.${i}`)));
      expect(answers.filter((a) => a.code === 'invalid_credentials')).toHaveLength(30);
      expect(answers.filter((a) => a.status === 429 && a.code === 'over_request_rate_limit')).toHaveLength(1);
      expect(await signIn('127.0.0.4')).toEqual({ status: 400, code: 'invalid_credentials' });
    } finally {
      config.auth.rateLimit = saved;
    }
  });
});
