// The app's Supabase client, made of the parts it uses: auth (auth-js), data (postgrest-js) and functions
// (functions-js), wired the way supabase-js's `createClient` wires them (same URLs, headers, session token and
// storage key), so it works unchanged against the local stack and hosted Supabase. `createClient` would also build a
// Realtime client (nothing here subscribes) and a Storage client on every page; storage comes from
// ./supabase-storage, on the pages that use the gallery's bucket.
import { AuthClient } from '@supabase/auth-js';
import { FunctionsClient } from '@supabase/functions-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { authStorageKey } from './auth-presence';
import { appConfig } from './config';

/** What the app and the packages' adapters call on a supabase-js client: the same types, the same behaviour. */
export type AppSupabase = Pick<SupabaseClient, 'auth' | 'from' | 'rpc' | 'functions'>;

const url = appConfig.supabaseUrl.replace(/\/+$/, '');
const key = appConfig.supabaseAnonKey;

/** supabase-js's `X-Client-Info`, so the server sees the same client. */
export const clientHeaders: Record<string, string> = { 'X-Client-Info': 'supabase-js/2.119.1; platform=browser' };

/** New-format keys (`sb_publishable_…`) are not JWTs: supabase-js sends them only as `apikey` to functions. */
const isNewApiKey = key.startsWith('sb_publishable_') || key.startsWith('sb_secret_');

const auth = new AuthClient({
  url: `${url}/auth/v1`,
  headers: { Authorization: `Bearer ${key}`, apikey: key, ...clientHeaders },
  // The key is supabase-js's default, named here so that the router can see a stored session without this client.
  storageKey: authStorageKey(appConfig.supabaseUrl),
  persistSession: true,
  autoRefreshToken: true,
  detectSessionInUrl: true,
  flowType: 'implicit',
  hasCustomAuthorizationHeader: false,
});

async function sessionToken(): Promise<string | null> {
  const { data } = await auth.getSession();
  return data.session?.access_token ?? null;
}

/**
 * supabase-js's `fetchWithAuth`: the `apikey` header, and the session's access token as the bearer (the key itself
 * when signed out, unless `keyAsBearer` is off for a new-format key).
 */
export function fetchWithAuth(base: typeof fetch = (...args) => fetch(...args), keyAsBearer = true): typeof fetch {
  return async (input, init) => {
    const token = await sessionToken();
    const headers = new Headers(init?.headers);
    if (!headers.has('apikey')) headers.set('apikey', key);
    if (!headers.has('Authorization')) {
      const bearer = token ?? (keyAsBearer ? key : null);
      if (bearer) headers.set('Authorization', `Bearer ${bearer}`);
    }
    return base(input, { ...init, headers });
  };
}

const rest = new PostgrestClient(`${url}/rest/v1`, {
  headers: clientHeaders,
  schema: 'public',
  fetch: (...args) => fetch(...args),
  wrapFetch: (base) => fetchWithAuth(base),
  // The spec's retries are the app's own (queries retry once; the access check makes 3 attempts, 600 ms then
  // 1200 ms apart). postgrest-js would add its own back-off (1 s, 2 s, 4 s on 503/520) inside each attempt.
  retry: false,
});

const functionsFetch = fetchWithAuth(undefined, !isNewApiKey);

/** The one Supabase client of the app (auth, data, functions), created from the app's settings. */
export const supabase: AppSupabase = {
  auth,
  // The same calls as SupabaseClient's `from` and `rpc`, which hand over to its PostgrestClient.
  from: ((relation: string) => rest.from(relation)) as unknown as SupabaseClient['from'],
  rpc: ((fn: string, args?: object, options?: object) =>
    rest.rpc(fn, args, options as never)) as unknown as SupabaseClient['rpc'],
  // A new FunctionsClient per access, as SupabaseClient's getter does.
  get functions() {
    return new FunctionsClient(`${url}/functions/v1`, { headers: clientHeaders, customFetch: functionsFetch });
  },
};
