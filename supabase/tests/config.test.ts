// supabase/config.toml carries the auth settings the spec and the local stack depend on.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '@bahi/supabase-local';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { supabaseDir } from './support/db';

type Table = Record<string, unknown>;
const config = parse(readFileSync(join(supabaseDir, 'config.toml'), 'utf8')) as Table;
const section = (path: string) => path.split('.').reduce<Table>((t, key) => t[key] as Table, config);

describe('config.toml', () => {
  it('names the project and exposes only public on port 54321 over PostgreSQL 15', () => {
    expect(config.project_id).toBe('bahi');
    expect(section('api')).toMatchObject({ port: 54321, schemas: ['public'] });
    expect(section('db').major_version).toBe(15);
  });

  it('lets password-reset and verification links return to the dev servers on 5173 and 3000', () => {
    const auth = section('auth');
    expect(auth.site_url).toBe('http://localhost:5173');
    const urls = auth.additional_redirect_urls as string[];
    for (const origin of [
      'http://localhost:5173',
      'http://127.0.0.1:5173',
      'http://localhost:3000',
      'http://127.0.0.1:3000',
    ]) {
      for (const path of ['', '/reset-password', '/verify-email']) expect(urls).toContain(origin + path);
    }
  });

  it('sets the token, sign-up, password and MFA rules', () => {
    expect(section('auth')).toMatchObject({
      jwt_expiry: 3600,
      enable_signup: true,
      enable_refresh_token_rotation: true,
      refresh_token_reuse_interval: 10,
      minimum_password_length: 8,
    });
    expect(section('auth.email').enable_confirmations).toBe(true);
    expect(section('auth.mfa.totp')).toMatchObject({ enroll_enabled: true, verify_enabled: true });
  });

  it("lets Razorpay's webhook reach the razorpay function (it checks bearer tokens itself) and seeds on reset", () => {
    expect(section('functions.razorpay').verify_jwt).toBe(false);
    expect(section('db.seed').sql_paths).toEqual(['./seed.sql']);
    expect(section('inbucket').enabled).toBe(true);
    expect(section('edge_runtime').enabled).toBe(true);
  });

  it('is read by the local stack with the same auth rules', async () => {
    const local = await loadConfig({ workdir: join(supabaseDir, '..') });
    expect(local.port).toBe(54321);
    expect(local.schemas).toEqual(['public']);
    expect(local.auth).toMatchObject({
      siteUrl: 'http://localhost:5173',
      jwtExpiry: 3600,
      enableSignup: true,
      enableConfirmations: true,
      minimumPasswordLength: 8,
      enableRefreshTokenRotation: true,
      refreshTokenReuseInterval: 10,
      mfaTotpEnrollEnabled: true,
      mfaTotpVerifyEnabled: true,
    });
    expect(local.auth.additionalRedirectUrls).toContain('http://127.0.0.1:3000/reset-password');
  });
});
