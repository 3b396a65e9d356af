import { describe, expect, it } from 'vitest';
import { hostingFiles, seoOptionsFromEnv } from './plugin';
import { robotsTxt, sitemapXml, siteOrigin } from './seo';

const seo = { siteOrigin: 'https://bahi.app' };

describe('robots.txt', () => {
  const robots = robotsTxt(seo);

  it('lets crawlers read every page (signed-in pages show them only the way in) and points them at the sitemap', () => {
    expect(robots).toContain('User-agent: *\nAllow: /\n');
    expect(robots).toContain('Sitemap: https://bahi.app/sitemap.xml');
    expect(robots).not.toMatch(/^Disallow:/m);
  });
});

describe('sitemap.xml', () => {
  const xml = sitemapXml(seo);

  it('lists the marketing, feature and legal pages and the way in, as absolute URLs', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/')).toBe(
      true,
    );
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain('https://bahi.app/');
    expect(locs).toContain('https://bahi.app/features');
    expect(locs).toContain('https://bahi.app/features/ai-assistant');
    expect(locs).toContain('https://bahi.app/privacy');
    expect(locs).toContain('https://bahi.app/signup');
    expect(locs).toHaveLength(15);
    expect(locs.some((loc) => loc?.includes('/dashboard'))).toBe(false);
  });
});

describe('the site origin', () => {
  it('is VITE_SITE_URL when set, else the first origin a reset link may return to', () => {
    expect(siteOrigin('https://bahi.app/some/path', ['http://localhost:5173'])).toBe('https://bahi.app');
    expect(siteOrigin(undefined, ['https://bahi.app', 'http://localhost:5173'])).toBe('https://bahi.app');
    expect(siteOrigin('  ', ['http://localhost:5173'])).toBe('http://localhost:5173');
    expect(() => siteOrigin('ftp://bahi.app', [])).toThrow('VITE_SITE_URL is not an http(s) URL');
  });

  it('comes from the build settings', () => {
    const env = {
      VITE_SUPABASE_URL: 'https://abcd.supabase.co',
      VITE_SUPABASE_ANON_KEY: 'sb_publishable_abc',
      VITE_PRODUCT_NAME: 'Khata',
      VITE_SITE_URL: 'https://khata.example',
    };
    expect(seoOptionsFromEnv(env)).toEqual({ siteOrigin: 'https://khata.example' });
    const files = hostingFiles(
      { supabaseUrl: 'https://abcd.supabase.co', checkout: 'sandbox' },
      seoOptionsFromEnv(env),
    );
    expect(Object.keys(files).sort()).toEqual(['_headers', 'robots.txt', 'sitemap.xml', 'vercel.json']);
  });
});
