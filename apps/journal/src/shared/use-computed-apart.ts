import { useLayoutEffect, useState } from 'react';

/**
 * `compute()`'s result, worked out in a task of its own after the render that changed `compute` (memoise it with
 * `useCallback` over what it reads) and shown in the task
 * after that: `undefined` until the first result, then the latest one (the previous result stays while a newer one is
 * worked out). A large journal's figures take longer than a frame on a slow phone; apart from the page's first render
 * and from drawing them, no single task keeps the page from answering input for long (the bench's longest task).
 */
export function useComputedApart<T>(compute: () => T): { value: T } | undefined {
  const [result, setResult] = useState<{ value: T }>();
  // A layout effect schedules the work right after the commit; a passive one would wait for the next frame.
  useLayoutEffect(() => {
    let timer = setTimeout(() => {
      const value = compute();
      timer = setTimeout(() => setResult({ value }));
    });
    return () => clearTimeout(timer);
  }, [compute]);
  return result;
}
