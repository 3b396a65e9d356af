import { describe, expect, it } from 'vitest';
import { AppConfigError, readAppConfig } from './app-config';

const anonJwt = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJl';
const valid = { VITE_SUPABASE_URL: 'https://abcd.supabase.co/', VITE_SUPABASE_ANON_KEY: anonJwt };

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    readAppConfig(env);
    return [];
  } catch (error) {
    if (error instanceof AppConfigError) return error.problems;
    throw error;
  }
}

describe('readAppConfig', () => {
  it('takes the minimal production settings and fills the defaults', () => {
    expect(readAppConfig(valid)).toEqual({
      supabaseUrl: 'https://abcd.supabase.co',
      supabaseAnonKey: anonJwt,
      razorpayKeyId: undefined,
      productName: 'Bahi',
      resetAllowedOrigins: ['http://localhost:5173', 'http://localhost:3000'],
      bootstrapAdminEmail: undefined,
    });
  });

  it('accepts a publishable key and every optional setting', () => {
    const config = readAppConfig({
      VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
      VITE_SUPABASE_ANON_KEY: 'sb_publishable_abc123',
      VITE_RAZORPAY_KEY_ID: 'rzp_live_AbC123',
      VITE_PRODUCT_NAME: 'Tradebook',
      VITE_RESET_ALLOWED_ORIGINS: 'https://bahi.app, https://staging.bahi.app/',
      VITE_BOOTSTRAP_ADMIN_EMAIL: 'owner@bahi.app',
    });
    expect(config.productName).toBe('Tradebook');
    expect(config.resetAllowedOrigins).toEqual(['https://bahi.app', 'https://staging.bahi.app']);
    expect(config.razorpayKeyId).toBe('rzp_live_AbC123');
  });

  it('names every missing setting at once', () => {
    expect(problemsOf({})).toEqual([
      'VITE_SUPABASE_URL is not set (for example https://abcd.supabase.co).',
      'VITE_SUPABASE_ANON_KEY is not set (the anon or publishable key).',
    ]);
    expect(problemsOf({ VITE_SUPABASE_URL: '  ', VITE_SUPABASE_ANON_KEY: anonJwt })).toHaveLength(1);
  });

  it('refuses malformed settings with the reason', () => {
    expect(problemsOf({ ...valid, VITE_SUPABASE_URL: 'abcd.supabase.co' })).toEqual([
      'VITE_SUPABASE_URL is not an http(s) URL: "abcd.supabase.co".',
    ]);
    expect(problemsOf({ ...valid, VITE_SUPABASE_ANON_KEY: 'not a key' })).toEqual([
      'VITE_SUPABASE_ANON_KEY is neither a JWT nor a publishable key (sb_publishable_…).',
    ]);
    expect(problemsOf({ ...valid, VITE_RAZORPAY_KEY_ID: 'key_123' })).toHaveLength(1);
    expect(problemsOf({ ...valid, VITE_PRODUCT_NAME: 'my app' })).toHaveLength(1);
    expect(problemsOf({ ...valid, VITE_RESET_ALLOWED_ORIGINS: 'https://bahi.app/reset-password' })).toHaveLength(1);
    expect(problemsOf({ ...valid, VITE_BOOTSTRAP_ADMIN_EMAIL: 'admin' })).toHaveLength(1);
  });

  it('says what is wrong in the error message itself', () => {
    expect(() => readAppConfig({})).toThrow(/configuration is incomplete:\n {2}- VITE_SUPABASE_URL is not set/);
  });
});
