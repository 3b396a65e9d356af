// Spec §2: a URL fragment on / or /reset-password routes the user to /reset-password. A fragment that is only an
// in-page anchor (`/#pricing`) is not an auth fragment and stays where it is; a sign-up confirmation that landed
// on / (the server's fallback redirect) belongs to /verify-email.

export interface UrlParts {
  pathname: string;
  search: string;
  hash: string;
}

/** True for `#access_token=…`, `#error=…`, `#type=recovery` and the like: a fragment carrying parameters. */
export function isAuthFragment(hash: string): boolean {
  return hash.length > 1 && hash.slice(1).includes('=');
}

/** Where a URL with a fragment should go instead, or null to stay. */
export function fragmentRedirect({ pathname, search, hash }: UrlParts): string | null {
  if (pathname !== '/' || !isAuthFragment(hash)) return null;
  const type = new URLSearchParams(hash.slice(1)).get('type');
  const target = type === 'signup' || type === 'invite' ? '/verify-email' : '/reset-password';
  return `${target}${search}${hash}`;
}
