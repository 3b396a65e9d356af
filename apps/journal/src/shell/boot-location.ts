// The address the app was opened with, read before supabase-js takes tokens out of the fragment. The reset page
// needs them even when supabase-js is quicker than the page's lazily loaded code.

export interface BootLocation {
  pathname: string;
  search: string;
  hash: string;
}

let boot: BootLocation | undefined;

export function recordBootLocation(location: BootLocation): void {
  boot ??= { pathname: location.pathname, search: location.search, hash: location.hash };
}

/** The current search and fragment, or the ones the app was opened with on this same path. */
export function locationWithBootTokens(current: BootLocation): { hash: string; search: string } {
  if (current.hash || !boot || boot.pathname !== current.pathname)
    return { hash: current.hash, search: current.search };
  return { hash: boot.hash, search: current.search || boot.search };
}
