import * as React from 'react';

/**
 * The element's size in whole CSS pixels, kept current by a ResizeObserver. Charts draw at this size instead of
 * scaling a viewBox, so text and strokes stay at their real size on a phone. Measured before the first paint, so the
 * chart never shows at a guessed width. `guessWidth` is the width of the render before that measure (0 without it).
 */
export function useSize<T extends Element>(guessWidth?: () => number) {
  const ref = React.useRef<T>(null);
  const [size, setSize] = React.useState(() => ({ width: guessWidth?.() ?? 0, height: 0 }));
  React.useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      const next = { width: Math.floor(width), height: Math.floor(height) };
      setSize((s) => (s.width === next.width && s.height === next.height ? s : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, size] as const;
}
