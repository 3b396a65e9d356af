import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { authStorageKey } from './auth-presence';
import { appConfig } from './config';

/** The one supabase-js client of the app (auth, data, functions), created from the app's settings. */
export const supabase: SupabaseClient = createClient(appConfig.supabaseUrl, appConfig.supabaseAnonKey, {
  // The key is supabase-js's default, named here so that the router can see a stored session without this client.
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    storageKey: authStorageKey(appConfig.supabaseUrl),
  },
  // The spec's retries are the app's own (queries retry once; the access check makes 3 attempts, 600 ms then
  // 1200 ms apart). postgrest-js would add its own back-off (1 s, 2 s, 4 s on 503/520) inside each attempt.
  db: { retry: false },
});
