// The data API client (postgrest-js, as supabase-js's createClient makes it): the `apikey` header and the session's
// access token as the bearer. The app's client (./supabase) and the import worker (./import/import.worker) both make
// theirs here, each with its own way of finding the token.
import { PostgrestClient } from '@supabase/postgrest-js';

/** supabase-js's `X-Client-Info`, so the server sees the same client. */
export const clientHeaders: Record<string, string> = { 'X-Client-Info': 'supabase-js/2.119.1; platform=browser' };

/**
 * supabase-js's `fetchWithAuth`: the `apikey` header, and the session's access token as the bearer (the key itself
 * when signed out, unless `keyAsBearer` is off for a new-format key).
 */
export function fetchWithAuth(
  key: string,
  sessionToken: () => Promise<string | null>,
  base: typeof fetch = (...args) => fetch(...args),
  keyAsBearer = true,
): typeof fetch {
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

/** The data API at `<url>/rest/v1`, calling as the session `sessionToken` gives. */
export function createRest(url: string, key: string, sessionToken: () => Promise<string | null>): PostgrestClient {
  return new PostgrestClient(`${url}/rest/v1`, {
    headers: clientHeaders,
    schema: 'public',
    fetch: (...args) => fetch(...args),
    wrapFetch: (base) => fetchWithAuth(key, sessionToken, base),
    // The spec's retries are the app's own (queries retry once; the access check makes 3 attempts, 600 ms then
    // 1200 ms apart). postgrest-js would add its own back-off (1 s, 2 s, 4 s on 503/520) inside each attempt.
    retry: false,
  });
}
