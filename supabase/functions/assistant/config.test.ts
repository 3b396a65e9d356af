// The function is registered like razorpay: a [functions.assistant] section in config.toml and a `deno check` of
// its entry point in the root typecheck (the local stack serves every folder under supabase/functions by itself).
import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';

const read = (relative: string) => readFileSync(new URL(relative, import.meta.url), 'utf8');

describe('registration of the assistant function', () => {
  it('is enabled in config.toml with the gateway checking the JWT', () => {
    const config = parse(read('../../config.toml')) as { functions: Record<string, unknown> };
    expect(config.functions.assistant).toEqual({ enabled: true, verify_jwt: true });
  });

  it('is type-checked by Deno in `npm test`', () => {
    const scripts = (JSON.parse(read('../../../package.json')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['check:deno']).toContain('assistant/index.ts');
  });
});
