import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, DATA_REFRESH_DELAY_MS, refreshDataSoon } from './query-client';

describe('createQueryClient', () => {
  it('retries a failed query once and does not refetch on window focus (spec §9)', () => {
    const { queries } = createQueryClient().getDefaultOptions();
    expect(queries?.retry).toBe(1);
    expect(queries?.refetchOnWindowFocus).toBe(false);
  });
});

describe('refreshDataSoon', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('re-fetches after the 100 ms data refresh delay, and not when cancelled', async () => {
    expect(DATA_REFRESH_DELAY_MS).toBe(100);
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    refreshDataSoon(client);
    await vi.advanceTimersByTimeAsync(99);
    expect(invalidate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(invalidate).toHaveBeenCalledTimes(1);

    const cancel = refreshDataSoon(client);
    cancel();
    await vi.advanceTimersByTimeAsync(500);
    expect(invalidate).toHaveBeenCalledTimes(1);
  });
});
