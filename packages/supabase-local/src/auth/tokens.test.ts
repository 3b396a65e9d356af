import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ServiceContext } from '../types.ts';
import { testAuthSettings } from './testing/harness.ts';
import { codeMatches, resolveRedirect, tokenHash } from './tokens.ts';

const ctx = (additionalRedirectUrls: string[]) =>
  ({
    config: { auth: testAuthSettings({ siteUrl: 'http://localhost:3000', additionalRedirectUrls }) },
  }) as ServiceContext;

describe('redirect URLs', () => {
  it('keep URLs on the site host and allowed patterns, and fall back to the site URL otherwise', () => {
    const c = ctx(['https://app.example.com/**', 'https://*.preview.example.com', 'myapp://callback']);
    expect(resolveRedirect(c, undefined)).toBe('http://localhost:3000');
    expect(resolveRedirect(c, 'http://localhost:3000/reset-password')).toBe('http://localhost:3000/reset-password');
    expect(resolveRedirect(c, 'https://app.example.com/a/b?x=1')).toBe('https://app.example.com/a/b?x=1');
    expect(resolveRedirect(c, 'https://pr-7.preview.example.com')).toBe('https://pr-7.preview.example.com');
    expect(resolveRedirect(c, 'https://a.b.preview.example.com')).toBe('http://localhost:3000');
    expect(resolveRedirect(c, 'myapp://callback')).toBe('myapp://callback');
    expect(resolveRedirect(c, 'https://evil.example.org/app.example.com/')).toBe('http://localhost:3000');
    expect(resolveRedirect(c, 'not a url')).toBe('http://localhost:3000');
  });
});

describe('token hashes', () => {
  it("are 56 hex characters as GoTrue's, but not computable from the address and code alone", () => {
    const hash = tokenHash('a@b.co', '123456');
    expect(hash).toMatch(/^[0-9a-f]{56}$/);
    expect(hash).not.toBe(createHash('sha224').update('a@b.co123456').digest('hex'));
    expect(tokenHash('a@b.co', '123456')).not.toBe(hash);
  });

  it('match the code they were made for, for that address only', () => {
    const hash = tokenHash('a@b.co', '123456');
    expect(codeMatches(hash, 'a@b.co', '123456')).toBe(true);
    expect(codeMatches(hash, 'a@b.co', '123457')).toBe(false);
    expect(codeMatches(hash, 'c@b.co', '123456')).toBe(false);
    expect(codeMatches('not a hash', 'a@b.co', '123456')).toBe(false);
  });
});
