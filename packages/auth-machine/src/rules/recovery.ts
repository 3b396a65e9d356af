/** What a password reset link (or a stored copy of it) carries. */
export interface RecoveryToken {
  /** Where the token was found: the URL's hash, its query, or the stored copy. */
  source: 'hash' | 'query' | 'storage';
  /** From `access_token`: a session token, used with `refreshToken` to set the session. */
  accessToken?: string;
  /** From `refresh_token`: goes with `accessToken`. */
  refreshToken?: string;
  /** From `token` or `t`: a recovery code (verified with the stored email) or a token hash. */
  token?: string;
  /** From `token_hash`. */
  tokenHash?: string;
  /** From `type`; `type=recovery` alone marks a link whose session supabase-js has already taken in. */
  type?: string;
}

/** Where a password reset link may have put its token: the URL's hash and query, and the stored copy. */
export interface RecoveryLocation {
  /** `location.hash`, with or without the leading '#'. */
  hash: string;
  /** `location.search`, with or without the leading '?'. */
  search: string;
  /** The copy kept in storage (same `key=value&…` form), or null. */
  stored: string | null;
}

function fromParams(raw: string, source: RecoveryToken['source']): RecoveryToken | null {
  const params = new URLSearchParams(raw.replace(/^[#?]/, ''));
  const read = (name: string) => params.get(name) || undefined;
  const found: RecoveryToken = { source };
  const fields: Array<[keyof Omit<RecoveryToken, 'source'>, string | undefined]> = [
    ['accessToken', read('access_token')],
    ['refreshToken', read('refresh_token')],
    ['token', read('token') ?? read('t')],
    ['tokenHash', read('token_hash')],
    ['type', read('type')],
  ];
  for (const [field, value] of fields) if (value !== undefined) found[field] = value;
  const usable = found.accessToken || found.token || found.tokenHash || found.type === 'recovery';
  return usable ? found : null;
}

/** Looks for the recovery token in the URL hash, then the query (token, access_token, t, type), then storage. */
export function findRecoveryToken(location: RecoveryLocation): RecoveryToken | null {
  return (
    fromParams(location.hash, 'hash') ??
    fromParams(location.search, 'query') ??
    (location.stored ? fromParams(location.stored, 'storage') : null)
  );
}

/** The form a token is kept in storage, readable by {@link findRecoveryToken}. */
export function serialiseRecoveryToken(tokens: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(tokens)) if (value) params.set(key, value);
  return params.toString();
}

/**
 * The link came back refused: the service redirects an already used or expired link with `error`, `error_code` and
 * `error_description` (in the fragment, or in the query under PKCE) instead of a token.
 */
export function isRefusedRecoveryLink(location: Pick<RecoveryLocation, 'hash' | 'search'>): boolean {
  return [location.hash, location.search].some((raw) => {
    const params = new URLSearchParams(raw.replace(/^[#?]/, ''));
    return params.has('error') || params.has('error_code') || params.has('error_description');
  });
}
