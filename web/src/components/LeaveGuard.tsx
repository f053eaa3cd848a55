/**
 * Asks before unsaved changes are lost: a dashboard link asks in a dialog, closing or reloading the
 * tab through the browser's own prompt. Forms report their unsaved changes (`useUnsavedChanges`,
 * which `useDraft` calls for every form that edits something); the one `LeaveGuard`, mounted at the
 * router's root, asks for all of them. One guard, because the router keeps a single blocker: two
 * forms on one screen each with their own would leave one of them unguarded.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './Dialog.tsx';

/** The forms with unsaved changes now, each with the question to ask before they are lost. */
const unsaved = new Map<symbol, string>();
let passNext = false;

/** While `when`, leaving the screen for another path asks `message` first (a change of search params does not). */
export function useUnsavedChanges(when: boolean, message: string): void {
  const [id] = useState(() => Symbol('form'));
  useEffect(() => {
    if (!when) return;
    unsaved.set(id, message);
    return () => {
      unsaved.delete(id);
    };
  }, [id, when, message]);
}

/**
 * Lets the next navigation through unasked: for a screen that moves on by itself (after deleting the
 * record it was editing, say) before its form has rendered again.
 */
export function leaveUnasked(): void {
  passNext = true;
}

export function LeaveGuard() {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    const pass = passNext;
    passNext = false;
    return !pass && unsaved.size > 0 && currentLocation.pathname !== nextLocation.pathname;
  });
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (unsaved.size > 0) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);
  const blocked = blocker.state === 'blocked';
  return (
    <ConfirmDialog
      open={blocked}
      onClose={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
      title={t('Leave without saving?')}
      confirmLabel={t('Leave')}
    >
      {blocked ? [...unsaved.values()][0] : null}
    </ConfirmDialog>
  );
}
