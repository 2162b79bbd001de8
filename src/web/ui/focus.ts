import { useEffect, useRef } from 'react';

/**
 * A ref whose control takes the focus once the page has painted, not while it mounts: `autoFocus` focuses inside
 * React's commit, and focusing an element of a page just drawn forces the browser to lay out the whole page there and
 * then, before the page can show (on a slow counter PC, a sixth of a booking form's time to appear).
 */
export function useFocusAfterPaint<T extends { focus(): void }>(enabled: boolean | undefined) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!enabled) return;
    let timer: number | undefined;
    // the next frame is the page's first paint; the timeout runs after it
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => ref.current?.focus());
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [enabled]);
  return ref;
}
