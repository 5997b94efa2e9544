import { useCallback, useEffect, useRef, useState } from 'react';

/** The next frame (requestAnimationFrame), or the next task where there is none (tests). */
const nextFrame = (fn: () => void): (() => void) => {
  if (typeof requestAnimationFrame !== 'function') {
    const timer = setTimeout(fn, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(fn);
  return () => cancelAnimationFrame(frame);
};

/**
 * [painted, start]: `painted` turns true in the task after the frame that follows `start()` (the
 * frame is painted after requestAnimationFrame's callbacks), and stays true. What a page needs only
 * once its first screen is shown (side panels, option lists, background pricing) waits for it, so
 * a big document's first screen is not held back by work the user does not need yet. `start` makes
 * no render of its own: call it from an effect once the first screen is committed.
 */
export function useAfterPaint(): [boolean, () => void] {
  const [painted, setPainted] = useState(false);
  const cancel = useRef<(() => void) | null>(null);
  useEffect(() => () => cancel.current?.(), []);
  const start = useCallback(() => {
    if (cancel.current) return;
    cancel.current = nextFrame(() => {
      const timer = setTimeout(() => setPainted(true), 0);
      cancel.current = () => clearTimeout(timer);
    });
  }, []);
  return [painted, start];
}
