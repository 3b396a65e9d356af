import { LOCAL_ALLOWED_ORIGINS, PATHS } from '../constants.ts';

/** The origins a password reset link may lead back to. */
export interface RedirectOriginsConfig {
  /** The production origin, for example 'https://bahi.app'. */
  production?: string;
  /** The development (staging) origin. */
  development?: string;
  /** Local origins; defaults to localhost on ports 5173 and 3000. */
  local?: readonly string[];
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The origins the password reset redirect may point at: production, development, then the local ones. */
export function allowedOrigins(config: RedirectOriginsConfig = {}): string[] {
  const listed = [config.production, config.development, ...(config.local ?? LOCAL_ALLOWED_ORIGINS)];
  return listed.flatMap((entry) => {
    const origin = entry ? originOf(entry) : null;
    return origin ? [origin] : [];
  });
}

/** True when the URL's origin is one of `origins` (see `allowedOrigins`). */
export function isRedirectAllowed(url: string, origins: readonly string[]): boolean {
  const origin = originOf(url);
  return origin !== null && origins.includes(origin);
}

/**
 * Where a password reset link leads: /reset-password on the current origin when it is allowed, otherwise on the
 * first allowed origin (production when configured).
 */
export function resetPasswordRedirect(currentOrigin: string, origins: readonly string[]): string {
  const base = isRedirectAllowed(currentOrigin, origins) ? originOf(currentOrigin) : origins[0];
  if (!base) throw new Error('No allowed origin is configured for the password reset redirect');
  return `${base}${PATHS.resetPassword}`;
}
