import { PATHS } from '../constants.ts';

/**
 * The three kinds of route of spec section 2: open to everyone, open to any logged-in user, or needing a
 * subscription, free access or the admin role. Unknown paths show the public not-found page.
 */
export type RouteClass = 'public' | 'login-only' | 'subscription-required';

/** Paths open to any signed-in user, without a subscription: subscription, admin, onboarding, profile. */
export const LOGIN_ONLY_PATHS: readonly string[] = [PATHS.subscription, PATHS.admin, PATHS.onboarding, PATHS.profile];

const SUBSCRIPTION_REQUIRED_PATTERNS: readonly RegExp[] = [
  /^\/dashboard$/,
  /^\/trades$/,
  /^\/trade-form(\/[^/]+)?$/,
  /^\/calendar$/,
  /^\/analytics$/,
  /^\/[^/]+-AI$/,
  /^\/notebook$/,
  /^\/funds$/,
  /^\/position-sizing$/,
  /^\/gallery$/,
  /^\/playbooks$/,
  /^\/playbook\/create$/,
  /^\/playbook\/edit\/[^/]+$/,
  // Not in the spec's list: the tax P&L, a journal area like the others.
  /^\/tax$/,
];

function normalise(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] ?? '';
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The class of a path (query, hash and a trailing slash ignored): public, login-only or subscription-required. */
export function classifyRoute(pathname: string): RouteClass {
  const path = normalise(pathname);
  if (LOGIN_ONLY_PATHS.includes(path)) return 'login-only';
  if (SUBSCRIPTION_REQUIRED_PATTERNS.some((pattern) => pattern.test(path))) return 'subscription-required';
  return 'public';
}
