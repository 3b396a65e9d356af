/**
 * The Supabase adapter: the auth client and access service ports implemented with supabase-js. The only place in
 * this package that knows supabase-js.
 *
 * @packageDocumentation
 */
import type { AuthChangeEvent, SupabaseClient } from '@supabase/supabase-js';
import { AUTH_EVENTS, type AuthEventName } from '../constants.ts';
import { ServiceFailure } from '../errors.ts';
import type { AccessService, AuthClient, AuthSession, Credentials, SubscriptionRecord } from '../ports.ts';

/** The parts of a supabase-js client the adapter uses. */
export type SupabaseLike = Pick<SupabaseClient, 'auth' | 'from' | 'rpc'>;

/** PostgREST's code for "not exactly one row" from `.single()`: here, no subscription. */
export const NO_ROWS_CODE = 'PGRST116';

/** The names of the database functions the access service calls. */
export const RPC = {
  hasFreeAccess: 'has_free_access',
  isAdminSecure: 'is_admin_secure',
  addRoleToUser: 'add_role_to_user',
} as const;

interface ErrorLike {
  name?: string;
  message?: string;
  status?: number;
  code?: string;
}

/** The status lines auth-js reports as the message of a 5xx whose body is not JSON. */
const STATUS_LINES: Readonly<Record<number, string>> = {
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/**
 * The service's own message, or undefined when it gave none and the callers' fallbacks ('Failed to sign in', …) apply.
 * auth-js makes up a message where there is none: the browser's when no response came ("Failed to fetch"), the status
 * line or `HTTP 502` for a 5xx without a JSON body, the body itself as JSON for one without a message field, the
 * parser's error for a body that is not JSON.
 */
function serviceMessage({ name, message, status }: ErrorLike): string | undefined {
  if (!message) return undefined;
  if (name === 'AuthUnknownError') return undefined;
  if (name === 'AuthRetryableFetchError') {
    const madeUp =
      !status || message === STATUS_LINES[status] || message === `HTTP ${status}` || /^[[{"]|^null$/.test(message);
    if (madeUp) return undefined;
  }
  return message;
}

/** `status`: the data API puts the HTTP status on the result, not on its error; 0 means no response came. */
function fail(error: ErrorLike, status = error.status): ServiceFailure {
  const message = serviceMessage(error);
  return new ServiceFailure({
    ...(message ? { message } : {}),
    ...(status ? { status } : {}),
    ...(error.code !== undefined ? { code: error.code } : {}),
  });
}

function credentialsFor(
  credentials: Credentials,
): { email: string; password: string } | { phone: string; password: string } {
  return credentials.email
    ? { email: credentials.email, password: credentials.password }
    : { phone: credentials.phone ?? '', password: credentials.password };
}

function requireSession(session: AuthSession | null, what: string): AuthSession {
  if (!session) throw new ServiceFailure({ message: `${what} returned no session` });
  return session;
}

const KNOWN_EVENTS: readonly string[] = AUTH_EVENTS;

/** The auth client port on supabase-js's `auth`; rejects with a `ServiceError`. */
export function createSupabaseAuthClient(client: SupabaseLike): AuthClient {
  const { auth } = client;
  return {
    async signUp(request) {
      const { data, error } = await auth.signUp({
        ...credentialsFor(request),
        options: { data: request.data, emailRedirectTo: request.redirectTo },
      });
      if (error) throw fail(error);
      return { user: data.user, session: data.session };
    },
    async signIn(credentials) {
      const { data, error } = await auth.signInWithPassword(credentialsFor(credentials));
      if (error) throw fail(error);
      return data.session;
    },
    async signOut() {
      // This device's session, as the port says; supabase-js's default (`global`) would end every device's.
      const { error } = await auth.signOut({ scope: 'local' });
      if (error) throw fail(error);
    },
    async refreshSession() {
      const { data, error } = await auth.refreshSession();
      if (error) throw fail(error);
      return data.session;
    },
    async setSession(tokens) {
      const { data, error } = await auth.setSession(tokens);
      if (error) throw fail(error);
      return requireSession(data.session, 'setSession');
    },
    async updateUser(attributes) {
      const { data, error } = await auth.updateUser(attributes);
      if (error) throw fail(error);
      return data.user;
    },
    async verifyOtp(verification) {
      const { data, error } = await auth.verifyOtp(
        'tokenHash' in verification
          ? { type: verification.type, token_hash: verification.tokenHash }
          : { type: verification.type, email: verification.email, token: verification.token },
      );
      if (error) throw fail(error);
      return data.session;
    },
    async resetPasswordForEmail(email, redirectTo) {
      const { error } = await auth.resetPasswordForEmail(email, { redirectTo });
      if (error) throw fail(error);
    },
    onAuthStateChange(listener) {
      const {
        data: { subscription },
      } = auth.onAuthStateChange((event: AuthChangeEvent, session) => {
        if (KNOWN_EVENTS.includes(event)) listener(event as AuthEventName, session);
      });
      return () => subscription.unsubscribe();
    },
  };
}

/** The access service port on supabase-js: role checks through RPCs, the newest active subscription from `subscriptions`. */
export function createSupabaseAccessService(client: SupabaseLike): AccessService {
  const callBoolean = async (fn: string, args: Record<string, string>): Promise<boolean> => {
    const { data, error, status } = await client.rpc(fn, args);
    if (error) throw fail(error, status);
    return data === true;
  };
  return {
    isAdmin: (userId) => callBoolean(RPC.isAdminSecure, { check_user_id: userId }),
    hasFreeAccess: (userId) => callBoolean(RPC.hasFreeAccess, { user_id: userId }),
    async latestActiveSubscription(userId) {
      const { data, error, status } = await client
        .from('subscriptions')
        .select('*')
        .eq('user_id', userId)
        .eq('status', 'active')
        .order('created_at', { ascending: false })
        .limit(1)
        .single();
      if (error) {
        if (error.code === NO_ROWS_CODE) return null;
        throw fail(error, status);
      }
      return data as SubscriptionRecord;
    },
    async addRole(userId, role) {
      const { error, status } = await client.rpc(RPC.addRoleToUser, { target_user_id: userId, role_name: role });
      if (error) throw fail(error, status);
    },
  };
}

/** The auth client and access service over one supabase-js client. */
export function createSupabasePorts(client: SupabaseLike): { auth: AuthClient; access: AccessService } {
  return { auth: createSupabaseAuthClient(client), access: createSupabaseAccessService(client) };
}
