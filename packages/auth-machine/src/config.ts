import type { RedirectOriginsConfig } from './rules/redirect.ts';

/** What the app configures (from its environment), never literals in this package. */
export interface AuthConfig {
  /** The app's own origin, for the sign-up confirmation redirect, for example 'https://bahi.example'. */
  siteUrl: string;
  /** Origins the password reset redirect may point at. */
  redirectOrigins?: RedirectOriginsConfig;
  /**
   * The account granted admin and free_user on first load, by email. Unset: no bootstrap. The server must allow the
   * grant for this account only (add_role_to_user checks it), so a wrong value here grants nothing.
   */
  bootstrapAdminEmail?: string;
}
