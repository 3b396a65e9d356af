// The app is configured only by environment (VITE_* at build time). A missing or malformed setting
// must stop the build or the start with a message that says which setting and why, never a blank page.

export interface AppConfig {
  supabaseUrl: string;
  /** The anon JWT or a publishable key (`sb_publishable_…`). */
  supabaseAnonKey: string;
  /** Razorpay's public key id; the create-order answer carries it too, so it is optional here. */
  razorpayKeyId: string | undefined;
  /** Shown in the UI and in the assistant's route, `/{productName}-AI`. */
  productName: string;
  /** Origins a password-reset link may send the user back to. */
  resetAllowedOrigins: string[];
  /** The account the server lets grant itself admin on first load (the server decides; this only asks). */
  bootstrapAdminEmail: string | undefined;
}

export type Env = Record<string, string | undefined>;

export const DEFAULT_PRODUCT_NAME = 'Bahi';
export const DEFAULT_RESET_ORIGINS = ['http://localhost:5173', 'http://localhost:3000'];

const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
const PUBLISHABLE_KEY = /^sb_publishable_[A-Za-z0-9_-]+$/;
const RAZORPAY_KEY_ID = /^rzp_(test|live)_[A-Za-z0-9]+$/;
const PRODUCT_NAME = /^[A-Za-z][A-Za-z0-9]{0,29}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function httpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

export class AppConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The app's configuration is incomplete:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'AppConfigError';
  }
}

/** Reads and checks the settings; throws AppConfigError listing every problem at once. */
export function readAppConfig(env: Env): AppConfig {
  const problems: string[] = [];
  const value = (name: string) => {
    const raw = env[name]?.trim();
    return raw === '' ? undefined : raw;
  };

  const supabaseUrl = value('VITE_SUPABASE_URL');
  if (!supabaseUrl) problems.push('VITE_SUPABASE_URL is not set (for example https://abcd.supabase.co).');
  else if (!httpUrl(supabaseUrl)) problems.push(`VITE_SUPABASE_URL is not an http(s) URL: "${supabaseUrl}".`);

  const supabaseAnonKey = value('VITE_SUPABASE_ANON_KEY');
  if (!supabaseAnonKey) problems.push('VITE_SUPABASE_ANON_KEY is not set (the anon or publishable key).');
  else if (!JWT.test(supabaseAnonKey) && !PUBLISHABLE_KEY.test(supabaseAnonKey)) {
    problems.push('VITE_SUPABASE_ANON_KEY is neither a JWT nor a publishable key (sb_publishable_…).');
  }

  const razorpayKeyId = value('VITE_RAZORPAY_KEY_ID');
  if (razorpayKeyId && !RAZORPAY_KEY_ID.test(razorpayKeyId)) {
    problems.push(`VITE_RAZORPAY_KEY_ID must look like rzp_test_… or rzp_live_…, not "${razorpayKeyId}".`);
  }

  const productName = value('VITE_PRODUCT_NAME') ?? DEFAULT_PRODUCT_NAME;
  if (!PRODUCT_NAME.test(productName)) {
    problems.push(`VITE_PRODUCT_NAME must be one word of letters and digits (it names the /${productName}-AI route).`);
  }

  const origins = value('VITE_RESET_ALLOWED_ORIGINS');
  const resetAllowedOrigins = origins
    ? origins
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean)
    : DEFAULT_RESET_ORIGINS;
  for (const origin of resetAllowedOrigins) {
    const url = httpUrl(origin);
    if (!url || url.origin !== origin.replace(/\/$/, '')) {
      problems.push(`VITE_RESET_ALLOWED_ORIGINS has "${origin}", which is not an origin like https://bahi.app.`);
    }
  }

  const bootstrapAdminEmail = value('VITE_BOOTSTRAP_ADMIN_EMAIL');
  if (bootstrapAdminEmail && !EMAIL.test(bootstrapAdminEmail)) {
    problems.push(`VITE_BOOTSTRAP_ADMIN_EMAIL is not an email address: "${bootstrapAdminEmail}".`);
  }

  if (problems.length > 0) throw new AppConfigError(problems);
  return {
    supabaseUrl: supabaseUrl!.replace(/\/$/, ''),
    supabaseAnonKey: supabaseAnonKey!,
    razorpayKeyId,
    productName,
    resetAllowedOrigins: resetAllowedOrigins.map((o) => o.replace(/\/$/, '')),
    bootstrapAdminEmail,
  };
}
