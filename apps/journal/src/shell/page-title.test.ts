import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title';

describe('pageTitle', () => {
  it('names the area and the product', () => {
    expect(pageTitle('/dashboard', 'Bahi')).toBe('Dashboard · Bahi');
    expect(pageTitle('/trade-form/42', 'Bahi')).toBe('Edit trade · Bahi');
    expect(pageTitle('/trades/42', 'Bahi')).toBe('Trade review · Bahi');
    expect(pageTitle('/Bahi-AI', 'Bahi')).toBe('AI assistant · Bahi');
    expect(pageTitle('/profile/', 'Bahi')).toBe('Profile · Bahi');
  });

  it('gives the landing page the product name and unknown paths "Page not found"', () => {
    expect(pageTitle('/', 'Bahi')).toBe('Bahi: trading journal');
    expect(pageTitle('/nowhere', 'Bahi')).toBe('Page not found · Bahi');
  });
});
