import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failedModuleUrl, loadWithRetry, PAGE_LOAD_RETRY_DELAY_MS } from './lazy-page';

describe('loadWithRetry', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const page = { default: 'DashboardPage' };

  it('waits 1 second before the single retry', async () => {
    expect(PAGE_LOAD_RETRY_DELAY_MS).toBe(1000);
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValueOnce(page);
    const result = loadWithRetry(load);
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await expect(result).resolves.toBe(page);
  });

  it('does not retry a load that worked', async () => {
    const load = vi.fn().mockResolvedValue(page);
    await expect(loadWithRetry(load)).resolves.toBe(page);
    await vi.advanceTimersByTimeAsync(5000);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('gives up after the one retry and passes the second error on', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('first')).mockRejectedValueOnce(new Error('second'));
    const result = loadWithRetry(load);
    const settled = expect(result).rejects.toThrow('second');
    await vi.advanceTimersByTimeAsync(1000);
    await settled;
    await vi.advanceTimersByTimeAsync(5000);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('imports the script the error names afresh, as a browser may keep the failed import', async () => {
    const url = 'http://localhost:4173/assets/marketing-Ab12.js';
    const load = vi.fn().mockRejectedValue(new TypeError(`Failed to fetch dynamically imported module: ${url}`));
    const reimport = vi.fn().mockResolvedValue(page);
    const result = loadWithRetry(load, PAGE_LOAD_RETRY_DELAY_MS, reimport);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBe(page);
    expect(load).toHaveBeenCalledTimes(1);
    expect(reimport).toHaveBeenCalledWith(url);
  });
});

describe('failedModuleUrl', () => {
  it("reads the script from Chromium's and Firefox's messages, and nothing from one that names none", () => {
    const url = 'https://bahi.app/assets/tax-C9x.js';
    expect(failedModuleUrl(new TypeError(`Failed to fetch dynamically imported module: ${url}`))).toBe(url);
    expect(failedModuleUrl(new TypeError(`error loading dynamically imported module: ${url}`))).toBe(url);
    expect(failedModuleUrl(new TypeError('Importing a module script failed.'))).toBeUndefined();
    expect(failedModuleUrl('offline')).toBeUndefined();
  });
});
