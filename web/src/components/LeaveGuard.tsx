/**
 * Asks before unsaved changes are lost: a dashboard link asks in a dialog, closing or reloading the
 * tab through the browser's own prompt.
 */
import { type ReactNode, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './Dialog.tsx';

/**
 * While `unsaved`, leaving the screen for another path asks first (a change of search params does
 * not). `leave()` lets the next navigation through unasked, for a screen that moves on by itself
 * right after a save or a delete, before it renders again. Render `dialog` once in the screen.
 */
export function useLeaveGuard(unsaved: boolean, message: string): { leave: () => void; dialog: ReactNode } {
  const leaving = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!unsaved) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  return {
    leave: () => {
      leaving.current = true;
    },
    dialog: (
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
        title="Leave without saving?"
        confirmLabel="Leave"
      >
        {message}
      </ConfirmDialog>
    ),
  };
}
