import { useEffect, type RefObject } from 'react';

const SCROLLERS = '.ant-table-content, .ant-table-body';

/** Marks the table scroll areas under `root` that scroll sideways as a Tab stop, and the rest as none. */
function markScrollers(root: HTMLElement): void {
  for (const el of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
    const scrolls = el.scrollWidth > el.clientWidth + 1;
    // a scroll area with a link or button inside is reached through them: it needs no stop of its own
    const reachable = el.querySelector('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])');
    if (scrolls && !reachable) el.tabIndex = 0;
    else el.removeAttribute('tabindex');
  }
}

/**
 * A table wider than its box scrolls sideways inside itself: with nothing to focus in it (a drill-down's plain
 * figures), the keyboard could not scroll it (WCAG 2.1.1, axe-core's scrollable-region-focusable). Its scroll area
 * becomes a Tab stop, where the arrow keys scroll it; checked after each render and when the window changes size.
 */
export function useKeyboardScroll(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (root.current) markScrollers(root.current);
  });
  useEffect(() => {
    const onResize = () => root.current && markScrollers(root.current);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [root]);
}
