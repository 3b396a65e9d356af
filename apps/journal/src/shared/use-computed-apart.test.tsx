// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { useCallback } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useComputedApart } from './use-computed-apart';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useComputedApart', () => {
  it('works the value out in a task after the render and shows it in the task after that', () => {
    const compute = vi.fn((n: number) => n * 2);
    const { result } = renderHook(({ n }) => useComputedApart(useCallback(() => compute(n), [n])), {
      initialProps: { n: 21 },
    });
    expect(result.current).toBeUndefined();
    expect(compute).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersToNextTimer());
    expect(compute).toHaveBeenCalledTimes(1);
    expect(result.current).toBeUndefined();
    act(() => void vi.advanceTimersToNextTimer());
    expect(result.current).toEqual({ value: 42 });
  });

  it('keeps the previous value while the new one is worked out, and drops work for deps that changed again', () => {
    const compute = vi.fn((n: number) => n * 2);
    const { result, rerender } = renderHook(({ n }) => useComputedApart(useCallback(() => compute(n), [n])), {
      initialProps: { n: 1 },
    });
    act(() => void vi.runAllTimers());
    expect(result.current).toEqual({ value: 2 });
    rerender({ n: 2 });
    rerender({ n: 3 });
    expect(result.current).toEqual({ value: 2 });
    act(() => void vi.runAllTimers());
    expect(result.current).toEqual({ value: 6 });
    expect(compute.mock.calls.map(([n]) => n)).toEqual([1, 3]);
  });

  it('keeps a computed null apart from "not yet"', () => {
    const { result } = renderHook(() => useComputedApart(useCallback(() => null, [])));
    expect(result.current).toBeUndefined();
    act(() => void vi.runAllTimers());
    expect(result.current).toEqual({ value: null });
  });
});
