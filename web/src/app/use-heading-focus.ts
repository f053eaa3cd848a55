import { useEffect, useRef } from 'react';

/** How long to wait for the new screen's heading (its data may still be loading). */
const WAIT_MS = 5_000;

/**
 * After a route change inside the layout, moves focus to the new screen's <h1> in #main, so a
 * screen reader announces where the person landed and Tab continues from the top of the screen
 * (a single-page app otherwise leaves focus on the link that was followed, or nowhere).
 *
 * Not on the first load: the browser's own start (Tab reaches the skip link first) stays. Not when
 * focus is already inside the new screen (an autofocused field, a tab row that stays): moving it
 * would take it from where the person is working.
 */
export function useHeadingFocus(pathname: string): void {
  const last = useRef(pathname);
  useEffect(() => {
    // A ref, not a "first render" flag: StrictMode runs the effect twice on mount.
    if (last.current === pathname) return;
    last.current = pathname;
    const started = performance.now();
    let frame = 0;
    const attempt = () => {
      const main = document.getElementById('main');
      const active = document.activeElement;
      if (!main || (active && active !== main && main.contains(active))) return;
      const heading = main.querySelector('h1');
      if (heading) {
        // Focusable from script only: it is no stop on the Tab path.
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
        return;
      }
      if (performance.now() - started < WAIT_MS) frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
