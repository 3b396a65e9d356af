/// <reference types="node" />
// bahi-billing init [--workdir DIR] [--force]: writes what @bahi/billing needs on the server into a Supabase project,
// the one migration (tables, RLS, the activation and cancel functions) and the `razorpay` edge function, and turns
// off the gateway's JWT check for that function in config.toml (Razorpay's webhook carries no Supabase JWT).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const USAGE = `Usage: bahi-billing init [options]

Writes into a Supabase project (the folder holding supabase/):
  supabase/migrations/<time>_bahi_billing.sql   subscriptions, payment_orders, payments, RLS, record_verified_payment, cancel_subscription
  supabase/functions/razorpay/                   the razorpay edge function (create order, verify, cancel, webhook)
  supabase/config.toml                           [functions.razorpay] verify_jwt = false, when the section is missing

Options:
  --workdir DIR   The project folder (default: the current folder)
  --force         Overwrite files that differ from this version's
`;

/** What the package ships (dist/project, copied there by the build). */
const ASSETS = fileURLToPath(new URL('./project/', import.meta.url));
const MIGRATION_SUFFIX = '_bahi_billing.sql';
/** The function's one package import; Deno resolves it through this map (supabase-local from node_modules). */
const DENO_JSON = `${JSON.stringify({ imports: { '@supabase/supabase-js': 'npm:@supabase/supabase-js@^2.119.0' } }, null, 2)}\n`;
const CONFIG_SECTION = `
[functions.razorpay]
# Razorpay's webhook carries no Supabase JWT: the function checks each action's bearer token and the webhook's
# X-Razorpay-Signature itself.
verify_jwt = false
`;

export interface InitOptions {
  /** The project folder, holding supabase/. */
  workdir: string;
  /** Overwrite files that differ from the package's. */
  force?: boolean;
  /** Where the shipped files are (tests only). */
  assets?: string;
  /** The migration's version, `YYYYMMDDHHMMSS` (default: now, UTC). */
  version?: string;
}

export interface InitResult {
  /** Project-relative paths, each with what happened to it. */
  files: Array<{ path: string; outcome: 'written' | 'unchanged' | 'differs' }>;
  /** False when a file differs and `force` was not given: then nothing was written. */
  ok: boolean;
  /** config.toml's state: section added, already there, or no config.toml (print the section). */
  config: 'added' | 'present' | 'missing';
}

/** `YYYYMMDDHHMMSS` in UTC, as `supabase migration new` names migrations. */
function migrationVersion(now: Date): string {
  return now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** Writes the migration, the function and the config section; checks everything before writing anything. */
export function init({ workdir, force = false, assets = ASSETS, version }: InitOptions): InitResult {
  const supabaseDir = join(workdir, 'supabase');
  if (!existsSync(supabaseDir)) {
    throw new Error(`No supabase/ folder in ${workdir}: run \`supabase init\` there first, or pass --workdir.`);
  }
  const migrationsDir = join(supabaseDir, 'migrations');
  const existing = existsSync(migrationsDir)
    ? readdirSync(migrationsDir).find((name) => name.endsWith(MIGRATION_SUFFIX))
    : undefined;
  const migrationName = existing ?? `${version ?? migrationVersion(new Date())}${MIGRATION_SUFFIX}`;
  const functionAssets = join(assets, 'functions', 'razorpay');
  const planned: Array<{ target: string; text: string }> = [
    { target: join(migrationsDir, migrationName), text: readFileSync(join(assets, 'billing.sql'), 'utf8') },
    ...readdirSync(functionAssets)
      .sort()
      .map((name) => ({
        target: join(supabaseDir, 'functions', 'razorpay', name),
        text: readFileSync(join(functionAssets, name), 'utf8'),
      })),
    { target: join(supabaseDir, 'functions', 'razorpay', 'deno.json'), text: DENO_JSON },
  ];
  const files = planned.map(({ target, text }) => {
    const current = existsSync(target) ? readFileSync(target, 'utf8') : undefined;
    const outcome: InitResult['files'][number]['outcome'] =
      current === undefined ? 'written' : current === text ? 'unchanged' : force ? 'written' : 'differs';
    return { path: relative(workdir, target), outcome, target, text };
  });
  const ok = files.every((file) => file.outcome !== 'differs');
  const configFile = join(supabaseDir, 'config.toml');
  const configText = existsSync(configFile) ? readFileSync(configFile, 'utf8') : undefined;
  const config: InitResult['config'] =
    configText === undefined ? 'missing' : /^\s*\[functions\.razorpay\]/m.test(configText) ? 'present' : 'added';
  if (ok) {
    for (const file of files) {
      if (file.outcome !== 'written') continue;
      mkdirSync(join(file.target, '..'), { recursive: true });
      writeFileSync(file.target, file.text);
    }
    if (config === 'added') writeFileSync(configFile, `${configText?.replace(/\n*$/, '\n')}${CONFIG_SECTION}`);
  }
  return { files: files.map(({ path, outcome }) => ({ path, outcome })), ok, config };
}

/** The command line: prints what was written and what to do next; exit code 1 on a conflict or bad usage. */
export function run(argv: string[]): void {
  let parsed: { values: { workdir?: string; force?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { workdir: { type: 'string' }, force: { type: 'boolean' } },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(1);
  }
  if (parsed.positionals[0] !== 'init' || parsed.positionals.length > 1) {
    console.error(USAGE);
    process.exit(parsed.positionals.length === 0 ? 0 : 1);
  }
  let result: InitResult;
  try {
    result = init({ workdir: resolve(parsed.values.workdir ?? '.'), force: parsed.values.force });
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  for (const file of result.files) console.log(`${file.outcome.padEnd(9)} ${file.path}`);
  if (!result.ok) {
    console.error(
      '\nNothing was written: the files marked "differs" are not this version\'s. Compare them, then run again with --force to overwrite them (a migration already applied needs a new migration instead).',
    );
    process.exit(1);
  }
  if (result.config === 'added')
    console.log('added     [functions.razorpay] verify_jwt = false to supabase/config.toml');
  if (result.config === 'missing') {
    console.log(`\nNo supabase/config.toml: add this to it, or deploy with --no-verify-jwt:${CONFIG_SECTION}`);
  }
  console.log(`
Next:
  supabase db push                                   # or: supabase migration up (local)
  supabase secrets set RAZORPAY_KEY_ID=rzp_test_… RAZORPAY_KEY_SECRET=… RAZORPAY_WEBHOOK_SECRET=…
  supabase functions deploy razorpay --no-verify-jwt
Then add a webhook for payment.captured at https://<project>.supabase.co/functions/v1/razorpay/webhook.`);
}
