// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { showStartupError } from './startup-error';

describe('showStartupError', () => {
  it('replaces the page with an announced panel naming every problem and a way to reload', () => {
    const root = document.createElement('div');
    root.innerHTML = '<p>Loading…</p>';
    showStartupError(root, 'Bahi is not configured correctly', [
      'VITE_SUPABASE_URL is not set (for example https://abcd.supabase.co).',
      'VITE_SUPABASE_ANON_KEY is not set (the anon or publishable key).',
    ]);
    const panel = root.querySelector('[role="alert"]');
    expect(root.textContent).not.toContain('Loading…');
    expect(panel?.querySelector('h1')?.textContent).toBe('Bahi is not configured correctly');
    expect([...(panel?.querySelectorAll('li') ?? [])].map((li) => li.textContent)).toEqual([
      'VITE_SUPABASE_URL is not set (for example https://abcd.supabase.co).',
      'VITE_SUPABASE_ANON_KEY is not set (the anon or publishable key).',
    ]);
    expect(panel?.querySelector('button')?.textContent).toBe('Reload Page');
  });
});
