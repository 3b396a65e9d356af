import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadWithRetry, PAGE_LOAD_RETRY_DELAY_MS } from './lazy-page';

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
});
