// The contracts between the parts of the local stack. The database layer and HTTP server
// (db/, rest/, server.ts) and the auth service (auth/, jwt.ts, mail/) meet only here.

/** The result of {@link Queryable.query}. */
export interface QueryResult<Row = Record<string, unknown>> {
  /** The rows, as objects keyed by column name. */
  rows: Row[];
  /** Rows touched by INSERT/UPDATE/DELETE; 0 for other statements. */
  affectedRows: number;
  /** The result's columns: name and type OID. */
  fields: { name: string; dataTypeID: number }[];
}

/** Something SQL can run on: a database, or the transaction `Database.transaction` hands out. */
export interface Queryable {
  /** One statement with $1… parameters. */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** Several statements, no parameters (migrations, bootstrap). */
  exec(sql: string): Promise<void>;
}

/** A database of the local stack (PGlite or PostgreSQL), as {@link openDatabase} returns it. */
export interface Database extends Queryable {
  /** BEGIN … COMMIT around fn; ROLLBACK when it throws. PGlite runs one at a time. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Closes the database (PGlite) or its connection pool (PostgreSQL). */
  close(): Promise<void>;
}

/** The `[auth]` settings of supabase/config.toml that the local stack honours. */
export interface AuthSettings {
  /** `site_url`: the default redirect after sign-up and recovery. */
  siteUrl: string;
  /** `additional_redirect_urls`: other allowed redirect targets. */
  additionalRedirectUrls: string[];
  /** Access token lifetime in seconds. */
  jwtExpiry: number;
  /** `enable_signup`. */
  enableSignup: boolean;
  /** `[auth.email] enable_confirmations` */
  enableConfirmations: boolean;
  /** `minimum_password_length`. */
  minimumPasswordLength: number;
  /** `enable_anonymous_sign_ins`. */
  enableAnonymousSignIns: boolean;
  /** `enable_refresh_token_rotation`. */
  enableRefreshTokenRotation: boolean;
  /** Seconds during which a just-rotated refresh token may be reused. */
  refreshTokenReuseInterval: number;
  /** `[auth.mfa.totp] enroll_enabled`. */
  mfaTotpEnrollEnabled: boolean;
  /** `[auth.mfa.totp] verify_enabled`. */
  mfaTotpVerifyEnabled: boolean;
  /** `[auth.mfa.web_authn] enroll_enabled`. */
  mfaWebAuthnEnrollEnabled: boolean;
  /** `[auth.mfa.web_authn] verify_enabled`. */
  mfaWebAuthnVerifyEnabled: boolean;
  /** `[auth.sms] test_otp`: phone number → fixed code. */
  testOtp: Record<string, string>;
  /** `[auth.rate_limit]` (auth/limits.ts has GoTrue's semantics and the defaults used when this is absent). */
  rateLimit?: AuthRateLimits;
  /** `[auth.email] max_frequency` in seconds: the least time between two mails of a kind to one user. */
  emailMaxFrequency?: number;
  /** `[auth.sms]`; absent means the Supabase CLI's defaults (phone sign-up off). */
  sms?: SmsSettings;
  /** Absolute path of a JSON array of private JWKs (RS256 or ES256), when asymmetric keys are configured. */
  signingKeysPath?: string;
  /** `enable_manual_linking`: whether a signed-in user may link and unlink identities (off when absent). */
  enableManualLinking?: boolean;
  /** The `[auth.external.<provider>]` tables with `enabled = true` (e.g. `google`); none when absent. */
  externalProviders?: string[];
  /** `[auth.oauth_server] enabled`: Supabase Auth as an OAuth 2.1 server, with its admin client API (off when absent). */
  oauthServerEnabled?: boolean;
}

/** `[auth.rate_limit]` of supabase/config.toml, in GoTrue's units. */
export interface AuthRateLimits {
  /** Mails per hour, whole project (`email_sent`). */
  emailSent: number;
  /** SMS per hour, whole project (`sms_sent`). */
  smsSent: number;
  /** Anonymous sign-ins per hour per IP address (`anonymous_users`). */
  anonymousUsers: number;
  /** POST /token (password, refresh_token, pkce) per 5 minutes per IP address (`token_refresh`). */
  tokenRefresh: number;
  /** Sign-ups, OTP and magic-link, recovery and resend requests, PUT /user per 5 minutes per IP (`sign_in_sign_ups`). */
  signInSignUps: number;
  /** /verify per 5 minutes per IP address (`token_verifications`). */
  tokenVerifications: number;
}

/** `[auth.sms]` of supabase/config.toml. */
export interface SmsSettings {
  /** `enable_signup`: phone sign-up and sign-in (GoTrue's phone provider). */
  enableSignup: boolean;
  /** `enable_confirmations`: a new number is confirmed by an SMS code before it gets a session. */
  enableConfirmations: boolean;
  /** `max_frequency` in seconds. */
  maxFrequency: number;
  /** `template`, with `{{ .Code }}`. */
  template: string;
  /** The enabled `[auth.sms.<provider>]` (twilio, twilio_verify, messagebird, textlocal, vonage), if any. */
  provider?: string;
}

/** The settings every part of the stack reads (see `StackConfig` for the data API's). */
export interface LocalConfig {
  /** Folder that holds `supabase/` (config.toml, migrations, seed.sql, functions). */
  workdir: string;
  /** API port, default 54321; 0 picks a free one (tests). */
  port: number;
  /** Persisted PGlite data folder; undefined means in memory. */
  dataDir?: string;
  /** A real PostgreSQL instead of PGlite. */
  connectionString?: string;
  /** HS256 secret for the API keys and, without signing keys, for access tokens. */
  jwtSecret: string;
  /** The `[auth]` settings. */
  auth: AuthSettings;
}

/** Claims of a verified JWT (an API key or an access token). */
export interface Claims {
  /** The database role the request runs as: `anon`, `authenticated` or `service_role`. */
  role: string;
  /** The user's id (access tokens). */
  sub?: string;
  /** Audience (`authenticated` for a user's token). */
  aud?: string | string[];
  /** Expiry, seconds since the epoch. */
  exp?: number;
  /** Issued at, seconds since the epoch. */
  iat?: number;
  /** Issuer (`<api url>/auth/v1`). */
  iss?: string;
  /** The user's email address. */
  email?: string;
  /** The user's phone number. */
  phone?: string;
  /** The session the token belongs to. */
  session_id?: string;
  /** Authenticator assurance level: `aal1`, or `aal2` after MFA. */
  aal?: string;
  /** Whether the user signed in anonymously. */
  is_anonymous?: boolean;
  /** `raw_app_meta_data` of the user (provider, roles set by the service). */
  app_metadata?: Record<string, unknown>;
  /** `raw_user_meta_data` of the user (what sign-up's `options.data` set). */
  user_metadata?: Record<string, unknown>;
  /** Any other claim. */
  [claim: string]: unknown;
}

/** Signing and verification (implemented in jwt.ts as `createKeys(config)`). */
export interface Keys {
  /** The `anon` API key. */
  anonKey: string;
  /** The `service_role` API key. */
  serviceRoleKey: string;
  /** Signs an access token with the configured key (asymmetric when configured, else HS256). */
  sign(claims: Claims): Promise<string>;
  /** Verifies signature, algorithm and expiry; throws on anything wrong (including `alg: none`). */
  verify(token: string): Promise<Claims>;
  /** Public keys for /auth/v1/.well-known/jwks.json (empty under HS256 only). */
  jwks(): { keys: Record<string, unknown>[] };
}

/** A mail the stack sends (to its local inbox). */
export interface MailMessage {
  /** Recipient address. */
  to: string;
  /** Subject line. */
  subject: string;
  /** HTML body. */
  html: string;
  /** Plain-text body. */
  text: string;
}

/** The local inbox (implemented in mail/ as `createMailbox(db)`). */
export interface Mailer {
  /** Delivers a message to the inbox. */
  send(message: MailMessage): Promise<void>;
}

/** What every service handler receives. */
export interface ServiceContext {
  /** The stack's database. */
  db: Database;
  /** The stack's settings. */
  config: LocalConfig;
  /** The stack's signing keys. */
  keys: Keys;
  /** The local inbox. */
  mail: Mailer;
  /** Public base URL of the API, e.g. http://127.0.0.1:54321 */
  apiUrl: string;
}

/** A service mounted under a path prefix (/auth/v1, /rest/v1, …); `req.url` is the full URL. */
export type ServiceHandler = (req: Request, ctx: ServiceContext) => Promise<Response>;
