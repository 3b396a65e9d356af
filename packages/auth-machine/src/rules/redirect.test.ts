import { describe, expect, it } from 'vitest';
import { allowedOrigins, isRedirectAllowed, resetPasswordRedirect } from './redirect.ts';

const config = { production: 'https://bahi.example', development: 'https://dev.bahi.example/' };

describe('allowedOrigins', () => {
  it('lists production, development and localhost 5173 and 3000 by default', () => {
    expect(allowedOrigins(config)).toEqual([
      'https://bahi.example',
      'https://dev.bahi.example',
      'http://localhost:5173',
      'http://localhost:3000',
    ]);
  });
  it('lets the local origins be configured and skips unset ones', () => {
    expect(allowedOrigins({ local: ['http://127.0.0.1:4173'] })).toEqual(['http://127.0.0.1:4173']);
  });
});

describe('isRedirectAllowed', () => {
  const origins = allowedOrigins(config);
  it.each([
    'https://bahi.example/reset-password',
    'https://dev.bahi.example/reset-password',
    'http://localhost:5173/reset-password',
    'http://localhost:3000/',
  ])('allows %s', (url) => {
    expect(isRedirectAllowed(url, origins)).toBe(true);
  });
  it.each([
    'https://evil.example/reset-password',
    'http://bahi.example/reset-password',
    'http://localhost:8080/reset-password',
    'https://bahi.example.evil.example/',
    'not a url',
  ])('refuses %s', (url) => {
    expect(isRedirectAllowed(url, origins)).toBe(false);
  });
});

describe('resetPasswordRedirect', () => {
  const origins = allowedOrigins(config);
  it('keeps an allowed current origin', () => {
    expect(resetPasswordRedirect('http://localhost:5173', origins)).toBe('http://localhost:5173/reset-password');
  });
  it('falls back to production for any other origin', () => {
    expect(resetPasswordRedirect('https://evil.example', origins)).toBe('https://bahi.example/reset-password');
  });
  it('refuses to build a redirect with nothing allowed', () => {
    expect(() => resetPasswordRedirect('https://x.example', [])).toThrow();
  });
});
