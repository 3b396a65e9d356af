import {
  ACCESS_TOKEN_REFRESH_MARGIN_MS,
  AUTO_REFRESH_TICK_MS,
  AUTO_REFRESH_TICK_THRESHOLD,
  REFRESH_RETRY_INITIAL_DELAY_MS,
  RELOAD_REFRESH_WINDOW_MS,
  SIGN_OUT_IGNORED_STATUSES,
} from '../constants.ts';
import type { ServiceError } from '../ports.ts';

/** The session as stored by supabase-js, with the fields the reload refresh reads. */
export interface StoredSession {
  /** The JWT. */
  access_token: string;
  /** The refresh token. */
  refresh_token: string;
  /** When the access token expires, in seconds since the epoch. */
  expires_at: number;
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

/** A stored session is valid only with an access token, a refresh token and an expiry. */
export function isStoredSessionValid(value: unknown): value is StoredSession {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    isNonEmptyString(record.access_token) &&
    isNonEmptyString(record.refresh_token) &&
    typeof record.expires_at === 'number' &&
    Number.isFinite(record.expires_at)
  );
}

/** True when the session expires within the 90 s refresh margin (or has expired). `expiresAt` is in seconds. */
export function isSessionExpiring(expiresAt: number, nowMs: number): boolean {
  return expiresAt * 1000 - nowMs < ACCESS_TOKEN_REFRESH_MARGIN_MS;
}

/** The auto-refresh rule: on a 30 s tick, refresh when 3 ticks or fewer remain before expiry. */
export function shouldRefreshNow(expiresAt: number, nowMs: number): boolean {
  const ticksLeft = Math.floor((expiresAt * 1000 - nowMs) / AUTO_REFRESH_TICK_MS);
  return ticksLeft <= AUTO_REFRESH_TICK_THRESHOLD;
}

/** Wait before refresh retry `attempt` (0-based): 200 ms, 400 ms, 800 ms, … */
export function refreshRetryDelay(attempt: number): number {
  return REFRESH_RETRY_INITIAL_DELAY_MS * 2 ** attempt;
}

/** Network failures (no status) and 500–504 / 520–530 are retryable; anything else removes the session. */
export function isRetryableRefreshError(error: ServiceError): boolean {
  const { status } = error;
  if (status === undefined || status === 0) return true;
  return (status >= 500 && status <= 504) || (status >= 520 && status <= 530);
}

/** Sign-out ignores 401, 403 and 404: the session is already gone on the server. */
export function isIgnoredSignOutError(error: ServiceError): boolean {
  return (SIGN_OUT_IGNORED_STATUSES as readonly number[]).includes(error.status ?? -1);
}

/** True when this load follows the last unload by 5 seconds or less. `lastUnloadAt` is the stored epoch ms. */
export function isReloadWithinWindow(lastUnloadAt: string | null, nowMs: number): boolean {
  if (lastUnloadAt === null) return false;
  const at = Number(lastUnloadAt);
  if (!Number.isFinite(at) || at > nowMs) return false;
  return nowMs - at <= RELOAD_REFRESH_WINDOW_MS;
}
