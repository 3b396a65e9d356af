/**
 * Ports: everything the machines need from outside, as plain interfaces. `@bahi/auth-machine/supabase` implements the
 * auth client and the access service with supabase-js; `createBrowserPorts` covers storage, broadcast and clock; tests
 * use fakes.
 */
import type { AuthEventName, RoleName } from './constants';

export interface UserMetadata {
  full_name?: string;
  onboarding_completed?: boolean;
  [key: string]: unknown;
}

export interface AuthUser {
  id: string;
  email?: string | null;
  phone?: string | null;
  created_at: string;
  last_sign_in_at?: string | null;
  user_metadata: UserMetadata;
}

export interface AuthSession {
  access_token: string;
  refresh_token: string;
  /** Seconds since the epoch. */
  expires_at?: number;
  expires_in?: number;
  token_type?: string;
  user: AuthUser;
}

/**
 * What a failed call rejects with. `message` is absent when the service gave none (the machines then show their
 * fallback), `status` is the HTTP status when there was a response.
 */
export interface ServiceError {
  message?: string;
  status?: number;
  code?: string;
}

export interface Credentials {
  email?: string;
  phone?: string;
  password: string;
}

export interface SignUpRequest extends Credentials {
  data: UserMetadata;
  /** Where the confirmation link leads. */
  redirectTo: string;
}

export type RecoveryVerification =
  | { type: 'recovery'; email: string; token: string }
  | { type: 'recovery'; tokenHash: string };

export type AuthStateListener = (event: AuthEventName, session: AuthSession | null) => void;

/** The authentication service. Methods reject with a {@link ServiceError}. */
export interface AuthClient {
  signUp(request: SignUpRequest): Promise<{ user: AuthUser | null; session: AuthSession | null }>;
  signIn(credentials: Credentials): Promise<AuthSession>;
  signOut(): Promise<void>;
  refreshSession(): Promise<AuthSession | null>;
  setSession(tokens: { access_token: string; refresh_token: string }): Promise<AuthSession>;
  updateUser(attributes: { password?: string; data?: UserMetadata }): Promise<AuthUser>;
  verifyOtp(verification: RecoveryVerification): Promise<AuthSession | null>;
  resetPasswordForEmail(email: string, redirectTo: string): Promise<void>;
  /** Calls the listener with every auth event; returns the unsubscribe. */
  onAuthStateChange(listener: AuthStateListener): () => void;
}

/** A row of the subscriptions table, as far as access needs it. */
export interface SubscriptionRecord {
  user_id: string;
  status: string;
  created_at: string;
  end_date: string | null;
}

/** Roles and subscriptions. Methods reject with a {@link ServiceError}. */
export interface AccessService {
  isAdmin(userId: string): Promise<boolean>;
  hasFreeAccess(userId: string): Promise<boolean>;
  /** The newest active subscription of the user, or null when there is none. */
  latestActiveSubscription(userId: string): Promise<SubscriptionRecord | null>;
  /** Grants a role. The server allows it only where its own rules say so (the configured admin account). */
  addRole(userId: string, role: RoleName): Promise<void>;
}

/** The part of Web Storage the machines use; `localStorage` and `sessionStorage` satisfy it. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

export interface StoragePorts {
  local: KeyValueStorage;
  session: KeyValueStorage;
}

/** Client-side data caches (for example a query client). */
export interface Caches {
  clear(): void | Promise<void>;
}

/** Messages between views (tabs) of the app. */
export interface Broadcast {
  post(message: string): void;
  /** Calls the listener with messages from other views; returns the unsubscribe. */
  subscribe(listener: (message: string) => void): () => void;
}

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export interface Navigation {
  /** The current path, without query or hash. */
  pathname(): string;
  navigate(path: string, options?: { replace?: boolean }): void;
  /** Reloads the view (after another view logged out). */
  reload(): void;
}

/** Toasts. */
export interface Notifier {
  info(message: string): void;
  error(message: string): void;
}

/** Everything the machines need, in one object. */
export interface AuthPorts {
  auth: AuthClient;
  access: AccessService;
  storage: StoragePorts;
  caches: Caches;
  broadcast: Broadcast;
  clock: Clock;
  navigation: Navigation;
  notifier: Notifier;
}

export type SessionPorts = Pick<
  AuthPorts,
  'auth' | 'storage' | 'caches' | 'broadcast' | 'clock' | 'navigation' | 'notifier'
>;
