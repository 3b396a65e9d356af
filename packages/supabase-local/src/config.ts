// loadConfig: reads <workdir>/supabase/config.toml into LocalConfig, with the Supabase CLI's defaults.
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { parse } from 'smol-toml';
import { DEFAULT_EMAIL_MAX_FREQUENCY, DEFAULT_RATE_LIMITS, DEFAULT_SMS } from './auth/limits.ts';
import type { AuthSettings, LocalConfig, SmsSettings } from './types.ts';

export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
/** The API port when neither `--port` nor `[api] port` says otherwise (the Supabase CLI's). */
export const DEFAULT_PORT = 54321;

/** LocalConfig plus the settings only the data API reads. */
export interface StackConfig extends LocalConfig {
  /** `[api] schemas`: schemas reachable through Accept-Profile / Content-Profile (first is the default). */
  schemas: string[];
  /** `[api] max_rows`: cap on rows a read returns. */
  maxRows: number;
  /** `[storage] file_size_limit` in bytes (default 50 MiB). */
  storageFileSizeLimit: number;
  /** `[storage.buckets.<name>]`: buckets created, or updated to match, at every start. */
  storageBuckets: BucketConfig[];
  /** `[functions.<name>] verify_jwt` by function name (a function not listed is verified, as by the Supabase CLI). */
  functionsVerifyJwt: Record<string, boolean>;
}

/** One `[storage.buckets.<name>]` table of supabase/config.toml. */
export interface BucketConfig {
  /** The bucket's id and name (the table's key). */
  name: string;
  /** `public` (default false): objects readable without a token through `/object/public/…`. */
  public: boolean;
  /** `file_size_limit` in bytes ("50MiB", "1MB", or a number), or undefined for no per-bucket limit. */
  fileSizeLimit?: number;
  /** `allowed_mime_types`, or undefined for any type. */
  allowedMimeTypes?: string[];
}

function storageBuckets(storage: Table): BucketConfig[] {
  return Object.entries(table(storage.buckets)).map(([name, value]) => {
    const bucket = table(value);
    const limit = parseSize(bucket.file_size_limit, 0);
    const types = strings(bucket.allowed_mime_types, []);
    return {
      name,
      public: bool(bucket.public, false),
      ...(limit > 0 ? { fileSizeLimit: limit } : {}),
      ...(types.length ? { allowedMimeTypes: types } : {}),
    };
  });
}

/** "50MiB", "10MB", "512KiB", 1048576 → bytes. */
export function parseSize(value: unknown, fallback: number): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return fallback;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([KMG]i?B|B)?\s*$/i.exec(value);
  if (!match) return fallback;
  const unit = (match[2] ?? 'B').toUpperCase();
  const power = unit.startsWith('K') ? 1 : unit.startsWith('M') ? 2 : unit.startsWith('G') ? 3 : 0;
  const base = unit.includes('I') || unit === 'B' ? 1024 : 1000;
  return Math.round(Number(match[1]) * base ** power);
}

const DURATION_UNITS: Record<string, number> = { ns: 1e-9, us: 1e-6, µs: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };

/** A Go duration as the CLI reads it ("1s", "1m30s", "500ms"), or a number of seconds → seconds. */
export function parseDuration(value: unknown, fallback: number): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || !/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(value.trim())) return fallback;
  let seconds = 0;
  for (const [, amount, , unit] of value.trim().matchAll(/(\d+(\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) {
    seconds += Number(amount) * DURATION_UNITS[unit!]!;
  }
  return seconds;
}

/** `[auth.sms]`: the switches, and the first enabled provider in the order the CLI checks them. */
function smsSettings(sms: Table): SmsSettings {
  const provider = ['twilio', 'twilio_verify', 'messagebird', 'textlocal', 'vonage'].find(
    (name) => table(sms[name]).enabled === true,
  );
  return {
    enableSignup: bool(sms.enable_signup, DEFAULT_SMS.enableSignup),
    enableConfirmations: bool(sms.enable_confirmations, DEFAULT_SMS.enableConfirmations),
    maxFrequency: parseDuration(sms.max_frequency, DEFAULT_SMS.maxFrequency),
    template: str(sms.template, DEFAULT_SMS.template),
    ...(provider ? { provider } : {}),
  };
}

/** Options of {@link loadConfig}. */
export interface LoadConfigOptions {
  /** The folder that holds `supabase/` (config.toml, migrations, seed.sql, functions). */
  workdir: string;
  /** API port; overrides `[api] port`. 0 picks a free port. */
  port?: number;
  /** PGlite data folder (see {@link defaultDataDir}); undefined keeps the database in memory. */
  dataDir?: string;
  /** A real PostgreSQL (postgres://…) instead of PGlite. */
  connectionString?: string;
}

type Table = Record<string, unknown>;

const table = (value: unknown): Table =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Table) : {};
const str = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);
const num = (value: unknown, fallback: number): number =>
  typeof value === 'number' ? value : typeof value === 'bigint' ? Number(value) : fallback;
const bool = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);
const strings = (value: unknown, fallback: string[]): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : fallback;

/** supabase/config.toml or a command-line option is wrong; the message says how. */
export class ConfigError extends Error {
  /** Always `ConfigError`. */
  override name = 'ConfigError';
}

/**
 * Reads `<workdir>/supabase/config.toml` (absent: the Supabase CLI's defaults) into the settings of the local stack.
 * `SUPABASE_LOCAL_JWT_SECRET` in the environment overrides `[auth] jwt_secret`.
 */
export async function loadConfig(options: LoadConfigOptions): Promise<StackConfig> {
  const workdir = resolve(options.workdir);
  const file = join(workdir, 'supabase', 'config.toml');
  let toml: Table = {};
  if (existsSync(file)) {
    try {
      toml = parse(readFileSync(file, 'utf8')) as Table;
    } catch (error) {
      throw new ConfigError(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const api = table(toml.api);
  const auth = table(toml.auth);
  const email = table(auth.email);
  const totp = table(table(auth.mfa).totp);
  const webAuthn = table(table(auth.mfa).web_authn);
  const sms = table(auth.sms);
  const rateLimit = table(auth.rate_limit);
  const testOtp: Record<string, string> = {};
  for (const [phone, code] of Object.entries(table(sms.test_otp))) testOtp[phone] = String(code);
  const signingKeys = typeof auth.signing_keys_path === 'string' ? auth.signing_keys_path : undefined;

  const authSettings: AuthSettings = {
    siteUrl: str(auth.site_url, 'http://127.0.0.1:3000'),
    additionalRedirectUrls: strings(auth.additional_redirect_urls, []),
    jwtExpiry: num(auth.jwt_expiry, 3600),
    enableSignup: bool(auth.enable_signup, true),
    enableConfirmations: bool(email.enable_confirmations, false),
    minimumPasswordLength: num(auth.minimum_password_length, 6),
    enableAnonymousSignIns: bool(auth.enable_anonymous_sign_ins, false),
    enableRefreshTokenRotation: bool(auth.enable_refresh_token_rotation, true),
    refreshTokenReuseInterval: num(auth.refresh_token_reuse_interval, 10),
    mfaTotpEnrollEnabled: bool(totp.enroll_enabled, false),
    mfaTotpVerifyEnabled: bool(totp.verify_enabled, false),
    mfaWebAuthnEnrollEnabled: bool(webAuthn.enroll_enabled, false),
    mfaWebAuthnVerifyEnabled: bool(webAuthn.verify_enabled, false),
    testOtp,
    rateLimit: {
      // as the CLI: email_sent reaches GoTrue only when mail goes out through [auth.email.smtp]
      emailSent:
        table(email.smtp).enabled !== false && Object.keys(table(email.smtp)).length > 0
          ? num(rateLimit.email_sent, DEFAULT_RATE_LIMITS.emailSent)
          : DEFAULT_RATE_LIMITS.emailSent,
      smsSent: num(rateLimit.sms_sent, DEFAULT_RATE_LIMITS.smsSent),
      anonymousUsers: num(rateLimit.anonymous_users, DEFAULT_RATE_LIMITS.anonymousUsers),
      tokenRefresh: num(rateLimit.token_refresh, DEFAULT_RATE_LIMITS.tokenRefresh),
      signInSignUps: num(rateLimit.sign_in_sign_ups, DEFAULT_RATE_LIMITS.signInSignUps),
      tokenVerifications: num(rateLimit.token_verifications, DEFAULT_RATE_LIMITS.tokenVerifications),
    },
    emailMaxFrequency: parseDuration(email.max_frequency, DEFAULT_EMAIL_MAX_FREQUENCY),
    sms: smsSettings(sms),
    enableManualLinking: bool(auth.enable_manual_linking, false),
    externalProviders: Object.entries(table(auth.external))
      .filter(([, provider]) => table(provider).enabled === true)
      .map(([name]) => name),
    oauthServerEnabled: bool(table(auth.oauth_server).enabled, false),
    signingKeysPath: signingKeys
      ? isAbsolute(signingKeys)
        ? signingKeys
        : resolve(workdir, 'supabase', signingKeys)
      : undefined,
  };
  const schemas = strings(api.schemas, ['public', 'graphql_public']);
  if (!schemas.includes('public')) schemas.unshift('public');
  return {
    workdir,
    port: options.port ?? num(api.port, DEFAULT_PORT),
    dataDir: options.connectionString ? undefined : options.dataDir,
    connectionString: options.connectionString,
    jwtSecret: process.env.SUPABASE_LOCAL_JWT_SECRET || str(auth.jwt_secret, DEFAULT_JWT_SECRET),
    auth: authSettings,
    schemas,
    maxRows: num(api.max_rows, 1000),
    storageFileSizeLimit: parseSize(table(toml.storage).file_size_limit, 50 * 1024 * 1024),
    storageBuckets: storageBuckets(table(toml.storage)),
    functionsVerifyJwt: Object.fromEntries(
      Object.entries(table(toml.functions)).map(([name, fn]) => [name, bool(table(fn).verify_jwt, true)]),
    ),
  };
}

/** The default persisted data folder: `<workdir>/.supabase-local/db`. */
export function defaultDataDir(workdir: string): string {
  return join(resolve(workdir), '.supabase-local', 'db');
}
