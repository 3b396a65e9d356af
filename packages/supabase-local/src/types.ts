// The contracts between the parts of the local stack. The database layer and HTTP server
// (db/, rest/, server.ts) and the auth service (auth/, jwt.ts, mail/) meet only here.

export interface QueryResult<Row = Record<string, unknown>> {
  rows: Row[];
  /** Rows touched by INSERT/UPDATE/DELETE; 0 for other statements. */
  affectedRows: number;
  fields: { name: string; dataTypeID: number }[];
}

export interface Queryable {
  /** One statement with $1… parameters. */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** Several statements, no parameters (migrations, bootstrap). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  /** BEGIN … COMMIT around fn; ROLLBACK when it throws. PGlite runs one at a time. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The `[auth]` settings of supabase/config.toml that the local stack honours. */
export interface AuthSettings {
  siteUrl: string;
  additionalRedirectUrls: string[];
  /** Access token lifetime in seconds. */
  jwtExpiry: number;
  enableSignup: boolean;
  /** `[auth.email] enable_confirmations` */
  enableConfirmations: boolean;
  minimumPasswordLength: number;
  enableAnonymousSignIns: boolean;
  enableRefreshTokenRotation: boolean;
  /** Seconds during which a just-rotated refresh token may be reused. */
  refreshTokenReuseInterval: number;
  mfaTotpEnrollEnabled: boolean;
  mfaTotpVerifyEnabled: boolean;
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
  auth: AuthSettings;
}

/** Claims of a verified JWT (an API key or an access token). */
export interface Claims {
  role: string;
  sub?: string;
  aud?: string | string[];
  exp?: number;
  iat?: number;
  iss?: string;
  email?: string;
  phone?: string;
  session_id?: string;
  aal?: string;
  is_anonymous?: boolean;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  [claim: string]: unknown;
}

/** Signing and verification (implemented in jwt.ts as `createKeys(config)`). */
export interface Keys {
  anonKey: string;
  serviceRoleKey: string;
  /** Signs an access token with the configured key (asymmetric when configured, else HS256). */
  sign(claims: Claims): Promise<string>;
  /** Verifies signature, algorithm and expiry; throws on anything wrong (including `alg: none`). */
  verify(token: string): Promise<Claims>;
  /** Public keys for /auth/v1/.well-known/jwks.json (empty under HS256 only). */
  jwks(): { keys: Record<string, unknown>[] };
}

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** The local inbox (implemented in mail/ as `createMailbox(db)`). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** What every service handler receives. */
export interface ServiceContext {
  db: Database;
  config: LocalConfig;
  keys: Keys;
  mail: Mailer;
  /** Public base URL of the API, e.g. http://127.0.0.1:54321 */
  apiUrl: string;
}

/** A service mounted under a path prefix (/auth/v1, /rest/v1, …); `req.url` is the full URL. */
export type ServiceHandler = (req: Request, ctx: ServiceContext) => Promise<Response>;
