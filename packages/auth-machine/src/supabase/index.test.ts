import { describe, expect, it, vi } from 'vitest';
import { createSupabaseAccessService, createSupabaseAuthClient, type SupabaseLike } from './index.ts';

type Result = { data: unknown; error: unknown; status?: number };

/** A stand-in for the parts of supabase-js the adapter touches, recording every call. */
function fakeClient(results: { query?: Result; rpc?: Result; auth?: Partial<Record<string, Result>> } = {}) {
  const queryCalls: Array<[string, ...unknown[]]> = [];
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      queryCalls.push([name, ...args]);
      return builder;
    };
  const builder = {
    select: record('select'),
    eq: record('eq'),
    order: record('order'),
    limit: record('limit'),
    single: async () => {
      queryCalls.push(['single']);
      return results.query ?? { data: null, error: null };
    },
  };
  const from = vi.fn(record('from'));
  const rpc = vi.fn(async (_fn: string, _args: object) => results.rpc ?? { data: null, error: null });
  const authResult = (name: string): Result =>
    results.auth?.[name] ?? { data: { session: null, user: null }, error: null };
  const unsubscribe = vi.fn();
  let authListener: ((event: string, session: unknown) => void) | undefined;
  const auth = {
    signUp: vi.fn(async (_: unknown) => authResult('signUp')),
    signInWithPassword: vi.fn(async (_: unknown) => authResult('signInWithPassword')),
    signOut: vi.fn(async () => authResult('signOut')),
    refreshSession: vi.fn(async () => authResult('refreshSession')),
    setSession: vi.fn(async (_: unknown) => authResult('setSession')),
    updateUser: vi.fn(async (_: unknown) => authResult('updateUser')),
    verifyOtp: vi.fn(async (_: unknown) => authResult('verifyOtp')),
    resetPasswordForEmail: vi.fn(async (_e: string, _o: unknown) => authResult('resetPasswordForEmail')),
    onAuthStateChange: vi.fn((listener: (event: string, session: unknown) => void) => {
      authListener = listener;
      return { data: { subscription: { unsubscribe } } };
    }),
  };
  const client = { from, rpc, auth } as unknown as SupabaseLike;
  return { client, queryCalls, rpc, auth, unsubscribe, emit: (e: string, s: unknown) => authListener?.(e, s) };
}

describe('Supabase access service', () => {
  it('asks for the newest active subscription of the user, one row', async () => {
    const row = { user_id: 'u1', status: 'active', created_at: '2026-01-01', end_date: '2027-01-01' };
    const fake = fakeClient({ query: { data: row, error: null } });
    await expect(createSupabaseAccessService(fake.client).latestActiveSubscription('u1')).resolves.toEqual(row);
    expect(fake.queryCalls).toEqual([
      ['from', 'subscriptions'],
      ['select', '*'],
      ['eq', 'user_id', 'u1'],
      ['eq', 'status', 'active'],
      ['order', 'created_at', { ascending: false }],
      ['limit', 1],
      ['single'],
    ]);
  });

  it('reads PGRST116 as no subscription', async () => {
    const fake = fakeClient({
      query: { data: null, error: { code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object' } },
    });
    await expect(createSupabaseAccessService(fake.client).latestActiveSubscription('u1')).resolves.toBeNull();
  });

  it('rejects with other errors, keeping the code', async () => {
    const fake = fakeClient({ query: { data: null, error: { code: '42501', message: 'permission denied' } } });
    await expect(createSupabaseAccessService(fake.client).latestActiveSubscription('u1')).rejects.toMatchObject({
      code: '42501',
      message: 'permission denied',
    });
  });

  it('calls is_admin_secure(check_user_id) and has_free_access(user_id)', async () => {
    const fake = fakeClient({ rpc: { data: true, error: null } });
    const access = createSupabaseAccessService(fake.client);
    await expect(access.isAdmin('u1')).resolves.toBe(true);
    await expect(access.hasFreeAccess('u2')).resolves.toBe(true);
    expect(fake.rpc.mock.calls).toEqual([
      ['is_admin_secure', { check_user_id: 'u1' }],
      ['has_free_access', { user_id: 'u2' }],
    ]);
  });

  it('reads anything but true from a role check as false, and rejects on an error', async () => {
    expect(
      await createSupabaseAccessService(fakeClient({ rpc: { data: null, error: null } }).client).isAdmin('u'),
    ).toBe(false);
    const failing = fakeClient({ rpc: { data: null, error: { message: 'Failed to fetch', code: '' } } });
    await expect(createSupabaseAccessService(failing.client).hasFreeAccess('u')).rejects.toMatchObject({
      message: 'Failed to fetch',
    });
  });

  it("passes on the data API's HTTP status, which supabase-js puts on the result", async () => {
    const refused = fakeClient({
      rpc: { data: null, error: { message: 'permission denied to grant role admin', code: '42501' }, status: 403 },
    });
    await expect(createSupabaseAccessService(refused.client).addRole('u1', 'admin')).rejects.toMatchObject({
      status: 403,
      code: '42501',
    });
    const offline = fakeClient({ rpc: { data: null, error: { message: 'Failed to fetch', code: '' }, status: 0 } });
    await expect(createSupabaseAccessService(offline.client).isAdmin('u1')).rejects.toMatchObject({
      message: 'Failed to fetch',
      status: undefined,
    });
  });

  it('calls add_role_to_user(target_user_id, role_name)', async () => {
    const fake = fakeClient();
    await createSupabaseAccessService(fake.client).addRole('u1', 'free_user');
    expect(fake.rpc).toHaveBeenCalledWith('add_role_to_user', { target_user_id: 'u1', role_name: 'free_user' });
  });
});

describe('Supabase auth client', () => {
  it('signs up with data and the email redirect', async () => {
    const fake = fakeClient();
    await createSupabaseAuthClient(fake.client).signUp({
      email: 'a@b.in',
      password: 'pw1234',
      data: { full_name: 'Asha', onboarding_completed: false },
      redirectTo: 'https://bahi.example/verify-email?source=signup',
    });
    expect(fake.auth.signUp).toHaveBeenCalledWith({
      email: 'a@b.in',
      password: 'pw1234',
      options: {
        data: { full_name: 'Asha', onboarding_completed: false },
        emailRedirectTo: 'https://bahi.example/verify-email?source=signup',
      },
    });
  });

  it('signs in by phone when there is no email', async () => {
    const fake = fakeClient();
    await createSupabaseAuthClient(fake.client).signIn({ phone: '+919800000000', password: 'pw1234' });
    expect(fake.auth.signInWithPassword).toHaveBeenCalledWith({ phone: '+919800000000', password: 'pw1234' });
  });

  it('passes on the status of a failed sign-out, and no message when there was none', async () => {
    const fake = fakeClient({ auth: { signOut: { data: null, error: { status: 403, message: '' } } } });
    const failure = await createSupabaseAuthClient(fake.client)
      .signOut()
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 403, message: '' });
  });

  it('verifies a recovery code by token hash or by email and code', async () => {
    const fake = fakeClient();
    const auth = createSupabaseAuthClient(fake.client);
    await auth.verifyOtp({ type: 'recovery', tokenHash: 'h' });
    await auth.verifyOtp({ type: 'recovery', email: 'a@b.in', token: '123456' });
    expect(fake.auth.verifyOtp.mock.calls).toEqual([
      [{ type: 'recovery', token_hash: 'h' }],
      [{ type: 'recovery', email: 'a@b.in', token: '123456' }],
    ]);
  });

  it('rejects setSession without a session', async () => {
    await expect(
      createSupabaseAuthClient(fakeClient().client).setSession({ access_token: 'a', refresh_token: 'r' }),
    ).rejects.toThrow('setSession returned no session');
  });

  it('sends the reset redirect as redirectTo', async () => {
    const fake = fakeClient();
    await createSupabaseAuthClient(fake.client).resetPasswordForEmail('a@b.in', 'http://localhost:5173/reset-password');
    expect(fake.auth.resetPasswordForEmail).toHaveBeenCalledWith('a@b.in', {
      redirectTo: 'http://localhost:5173/reset-password',
    });
  });

  it('forwards the auth events the app reacts to and unsubscribes', () => {
    const fake = fakeClient();
    const seen: string[] = [];
    const stop = createSupabaseAuthClient(fake.client).onAuthStateChange((event) => seen.push(event));
    fake.emit('SIGNED_IN', null);
    fake.emit('MFA_CHALLENGE_VERIFIED', null);
    fake.emit('USER_DELETED', null);
    stop();
    expect(seen).toEqual(['SIGNED_IN', 'MFA_CHALLENGE_VERIFIED']);
    expect(fake.unsubscribe).toHaveBeenCalledTimes(1);
  });
});
