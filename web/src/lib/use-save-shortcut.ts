/** Ctrl+S (Cmd+S on a Mac) saves, as in every editor, instead of the browser's "Save page as". */
import { useEffect, useRef } from 'react';

/**
 * Calls `save` on Ctrl+S or Cmd+S anywhere on the page while the calling screen is mounted. The
 * latest `save` is called, so a screen may pass a new function on every render.
 */
export function useSaveShortcut(save: () => void): void {
  const latest = useRef(save);
  latest.current = save;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's') {
        e.preventDefault();
        latest.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
