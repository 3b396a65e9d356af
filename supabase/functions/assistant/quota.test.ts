import { createClient } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createSupabaseQuota, DEFAULT_DAILY_QUOTA, dailyQuota, secondsToIstMidnight } from './quota.ts';

describe('ASSISTANT_DAILY_QUOTA', () => {
  it.each([
    [undefined, DEFAULT_DAILY_QUOTA],
    ['', DEFAULT_DAILY_QUOTA],
    ['20', 20],
    [' 1 ', 1],
    ['0', DEFAULT_DAILY_QUOTA],
    ['-5', DEFAULT_DAILY_QUOTA],
    ['2.5', DEFAULT_DAILY_QUOTA],
    ['lots', DEFAULT_DAILY_QUOTA],
  ])('%j gives %i answers a day', (value, expected) => {
    expect(dailyQuota((name) => (name === 'ASSISTANT_DAILY_QUOTA' ? value : undefined))).toBe(expected);
  });
});

describe('secondsToIstMidnight', () => {
  it.each([
    ['2026-11-25T18:29:00Z', 60], // 23:59 IST
    ['2026-11-25T18:30:00Z', 86_400], // 00:00 IST: a whole day to go
    ['2026-11-25T06:30:00Z', 12 * 3600], // noon IST
    ['2026-11-25T18:29:59.500Z', 1], // half a second before midnight rounds up
  ])('from %s: %i s', (at, seconds) => {
    expect(secondsToIstMidnight(new Date(at))).toBe(seconds);
  });
});

describe('createSupabaseQuota (PostgREST through supabase-js)', () => {
  function client(answer: () => Response) {
    const calls: Array<{ path: string; body: unknown }> = [];
    const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      calls.push({ path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null });
      return answer();
    });
    const supabase = createClient('http://127.0.0.1:54321', 'service-role-key', {
      global: { fetch },
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
    return { quota: createSupabaseQuota(supabase), calls };
  }
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  it('takes an answer with one call to public.take_assistant_answer', async () => {
    const { quota, calls } = client(() => json({ allowed: true, reason: null, used: 3, limit: 50 }));
    expect(await quota.take('u-1', 50)).toEqual({ allowed: true, used: 3, limit: 50 });
    expect(calls).toEqual([
      { path: '/rest/v1/rpc/take_assistant_answer', body: { p_user_id: 'u-1', p_daily_limit: 50 } },
    ]);
  });

  it('passes on the two refusals', async () => {
    expect(await client(() => json({ allowed: false, reason: 'quota', used: 5, limit: 5 })).quota.take('u', 5)).toEqual(
      {
        allowed: false,
        reason: 'quota',
        limit: 5,
      },
    );
    expect(
      await client(() => json({ allowed: false, reason: 'no_access', used: null, limit: 5 })).quota.take('u', 5),
    ).toEqual({ allowed: false, reason: 'no_access', limit: 5 });
  });

  it('throws on a database error or an answer it does not know, so the handler fails closed', async () => {
    const denied = client(() => json({ code: '42501', message: 'permission denied for function' }, 403));
    await expect(denied.quota.take('u', 5)).rejects.toThrow(/take_assistant_answer: permission denied.*42501/);
    await expect(client(() => json({ allowed: 'yes' })).quota.take('u', 5)).rejects.toThrow(/Unexpected answer/);
  });
});
