/**
 * Ports: everything the machines need from outside, as plain interfaces. `@bahi/auth-machine/supabase` implements the
 * auth client and the access service with supabase-js; `createBrowserPorts` covers storage, broadcast and clock; tests
 * use fakes.
 */
import type { AuthEventName, RoleName } from './constants.ts';

/** A user's `user_metadata` as the machines read it; other keys pass through untouched. */
export interface UserMetadata {
  /** The name given at sign-up. */
  full_name?: string;
  /** True once the user finished onboarding. */
  onboarding_completed?: boolean;
  /** Any other metadata, passed through untouched. */
  [key: string]: unknown;
}

/** A Supabase auth user: the fields the machines read. */
export interface AuthUser {
  /** The user's id (uuid). */
  id: string;
  /** The email address, if the user has one. */
  email?: string | null;
  /** The phone number, if the user has one. */
  phone?: string | null;
  /** When the account was created (ISO 8601); decides the free first day. */
  created_at: string;
  /** When the user last signed in (ISO 8601). */
  last_sign_in_at?: string | null;
  /** The user's metadata. */
  user_metadata: UserMetadata;
}

/** A Supabase auth session: the fields the machines read. */
export interface AuthSession {
  /** The JWT sent with requests. */
  access_token: string;
  /** The token that gets a new access token. */
  refresh_token: string;
  /** Seconds since the epoch. */
  expires_at?: number;
  /** Seconds the access token was valid for when issued. */
  expires_in?: number;
  /** Normally 'bearer'. */
  token_type?: string;
  /** The session's user. */
  user: AuthUser;
}

/**
 * What a failed call rejects with. `message` is absent when the service gave none (the machines then show their
 * fallback), `status` is the HTTP status when there was a response.
 */
export interface ServiceError {
  /** The service's message, if it gave one. */
  message?: string;
  /** The HTTP status, when there was a response. */
  status?: number;
  /** The service's error code (GoTrue's `code`), if any. */
  code?: string;
}

/** What the user types to sign in or up: an email or a phone number, and a password. */
export interface Credentials {
  /** The email address (this or `phone`). */
  email?: string;
  /** The phone number (this or `email`). */
  phone?: string;
  /** The password. */
  password: string;
}

/** A sign-up: the credentials, the new user's metadata and where the confirmation link leads. */
export interface SignUpRequest extends Credentials {
  /** The new user's metadata (full_name, onboarding_completed false). */
  data: UserMetadata;
  /** Where the confirmation link leads. */
  redirectTo: string;
}

/** How to verify a password recovery: the emailed code with its email, or the link's token hash. */
export type RecoveryVerification =
  | { type: 'recovery'; email: string; token: string }
  | { type: 'recovery'; tokenHash: string };

/** Called on every auth event with the session after it (null when signed out). */
export type AuthStateListener = (event: AuthEventName, session: AuthSession | null) => void;

/** The authentication service. Methods reject with a {@link ServiceError}. */
export interface AuthClient {
  /** Signs up; the session is null while the email awaits confirmation. */
  signUp(request: SignUpRequest): Promise<{ user: AuthUser | null; session: AuthSession | null }>;
  /** Signs in with an email or phone and a password. */
  signIn(credentials: Credentials): Promise<AuthSession>;
  /** Signs out (this device's session). */
  signOut(): Promise<void>;
  /** Refreshes the access token; null when there is no session to refresh. */
  refreshSession(): Promise<AuthSession | null>;
  /** Takes in a session from its tokens (a recovery link's). */
  setSession(tokens: { access_token: string; refresh_token: string }): Promise<AuthSession>;
  /** Updates the signed-in user's password or metadata. */
  updateUser(attributes: { password?: string; data?: UserMetadata }): Promise<AuthUser>;
  /** Verifies a password recovery code or link; answers its session. */
  verifyOtp(verification: RecoveryVerification): Promise<AuthSession | null>;
  /** Emails a password reset link leading to `redirectTo`. */
  resetPasswordForEmail(email: string, redirectTo: string): Promise<void>;
  /** Calls the listener with every auth event; returns the unsubscribe. */
  onAuthStateChange(listener: AuthStateListener): () => void;
}

/** A row of the subscriptions table, as far as access needs it. */
export interface SubscriptionRecord {
  /** The subscriber. */
  user_id: string;
  /** 'active' or another status (which gives no access). */
  status: string;
  /** When the subscription was created (ISO 8601). */
  created_at: string;
  /** When the paid period ends (ISO 8601), or null. */
  end_date: string | null;
}

/** Roles and subscriptions. Methods reject with a {@link ServiceError}. */
export interface AccessService {
  /** Whether the user has the admin role. */
  isAdmin(userId: string): Promise<boolean>;
  /** Whether the user has free access (the free_user role). */
  hasFreeAccess(userId: string): Promise<boolean>;
  /** The newest active subscription of the user, or null when there is none. */
  latestActiveSubscription(userId: string): Promise<SubscriptionRecord | null>;
  /** Grants a role. The server allows it only where its own rules say so (the configured admin account). */
  addRole(userId: string, role: RoleName): Promise<void>;
}

/** The part of Web Storage the machines use; `localStorage` and `sessionStorage` satisfy it. */
export interface KeyValueStorage {
  /** The value stored under `key`, or null. */
  getItem(key: string): string | null;
  /** Stores `value` under `key`. */
  setItem(key: string, value: string): void;
  /** Removes `key`. */
  removeItem(key: string): void;
  /** Removes every key. */
  clear(): void;
}

/** The two key-value stores the machines use: `local` (localStorage) and `session` (sessionStorage). */
export interface StoragePorts {
  /** Survives the browser (localStorage). */
  local: KeyValueStorage;
  /** Lasts for the tab (sessionStorage). */
  session: KeyValueStorage;
}

/** Client-side data caches (for example a query client). */
export interface Caches {
  /** Empties every cache (after a sign-in, sign-out or account switch). */
  clear(): void | Promise<void>;
}

/** Messages between views (tabs) of the app. */
export interface Broadcast {
  /** Sends a message to the other views. */
  post(message: string): void;
  /** Calls the listener with messages from other views; returns the unsubscribe. */
  subscribe(listener: (message: string) => void): () => void;
}

/** The time, as a port so tests can set it. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

/** Where the user is and how to send them elsewhere (your router). */
export interface Navigation {
  /** The current path, without query or hash. */
  pathname(): string;
  /** Goes to a path; `replace` replaces the history entry. */
  navigate(path: string, options?: { replace?: boolean }): void;
  /** Reloads the view (after another view logged out). */
  reload(): void;
}

/** Toasts. */
export interface Notifier {
  /** Shows an informational message (a toast). */
  info(message: string): void;
  /** Shows an error message (a toast). */
  error(message: string): void;
}

/** Everything the machines need, in one object. */
export interface AuthPorts {
  /** The auth client (supabase-js auth, see `@bahi/auth-machine/supabase`). */
  auth: AuthClient;
  /** Roles and subscriptions (see `@bahi/auth-machine/supabase`). */
  access: AccessService;
  /** localStorage and sessionStorage (see `createBrowserPorts`). */
  storage: StoragePorts;
  /** Your data caches, emptied on sign-in and sign-out. */
  caches: Caches;
  /** Messages between tabs (see `createBrowserPorts`). */
  broadcast: Broadcast;
  /** The time (see `createBrowserPorts`). */
  clock: Clock;
  /** Your router. */
  navigation: Navigation;
  /** Your toasts. */
  notifier: Notifier;
}

/** The ports the session machine uses: all but the access service. */
export type SessionPorts = Pick<
  AuthPorts,
  'auth' | 'storage' | 'caches' | 'broadcast' | 'clock' | 'navigation' | 'notifier'
>;
