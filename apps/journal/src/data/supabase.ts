// The app's Supabase client, made of the parts it uses: auth (auth-js), data (postgrest-js, ./rest-client) and
// functions (functions-js), wired the way supabase-js's `createClient` wires them (same URLs, headers, session token and
// storage key), so it works unchanged against the local stack and hosted Supabase. `createClient` would also build a
// Realtime client (nothing here subscribes) and a Storage client on every page; storage comes from
// ./supabase-storage, on the pages that use the gallery's bucket.
import { AuthClient } from '@supabase/auth-js';
import { FunctionsClient } from '@supabase/functions-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { appConfig } from '../shared/config';
import { authStorageKey } from './auth-presence';
import { clientHeaders, createRest, fetchWithAuth } from './rest-client';

/** What the app and the packages' adapters call on a supabase-js client: the same types, the same behaviour. */
export type AppSupabase = Pick<SupabaseClient, 'auth' | 'from' | 'rpc' | 'functions'>;

const url = appConfig.supabaseUrl.replace(/\/+$/, '');
const key = appConfig.supabaseAnonKey;

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

/** The session's access token, for work done outside this client (the import worker). */
export const currentAccessToken = sessionToken;

const rest = createRest(url, key, sessionToken);

const functionsFetch = fetchWithAuth(key, sessionToken, undefined, !isNewApiKey);

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
