import { describe, expect, it } from 'vitest';
import { DEFAULT_DESCRIPTION, pageDescription } from './page-description';
import { INDEXABLE_PATHS } from './public-routes';

describe('pageDescription', () => {
  it('gives every page a search engine may list a description of its own', () => {
    const descriptions = INDEXABLE_PATHS.map(pageDescription);
    expect(descriptions).not.toContain(DEFAULT_DESCRIPTION);
    expect(new Set(descriptions).size).toBe(INDEXABLE_PATHS.length);
    // Search results cut descriptions at about 160 characters; the point must come first and none may run on.
    for (const description of descriptions) expect(description.length).toBeLessThanOrEqual(220);
  });

  it('ignores a trailing slash', () => {
    expect(pageDescription('/features/playbooks/')).toBe(pageDescription('/features/playbooks'));
  });

  it("keeps index.html's description on the signed-in app's pages and unknown ones", () => {
    expect(pageDescription('/dashboard')).toBe(DEFAULT_DESCRIPTION);
    expect(pageDescription('/no-such-page')).toBe(DEFAULT_DESCRIPTION);
  });
});
