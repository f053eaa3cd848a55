import { type ReactNode, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';
import { ModalPanel } from './ModalPanel.tsx';
import { FormError } from './States.tsx';
import { useNativeDialog } from './use-native-dialog.ts';

/**
 * A modal on the native <dialog>: the browser traps focus and restores it to the opener, so
 * keyboard users get the right behaviour without our own focus code.
 *
 * The parent owns `open`. `onClose` is a request to close, made once per closing by the person
 * (Escape, the × button, the footer's Cancel), never for a close the parent made (see useNativeDialog).
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  wide,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  const native = useNativeDialog(open, onClose);
  const titleId = useId();
  return (
    <dialog
      ref={native.ref}
      onCancel={native.onCancel}
      onClose={native.onClose}
      aria-labelledby={titleId}
      className={`m-auto w-full ${wide ? 'max-w-3xl' : 'max-w-lg'} rounded-xl bg-white p-0 shadow-xl`}
    >
      {open && (
        <ModalPanel titleId={titleId} title={title} onClose={onClose} footer={footer} className="max-h-[85vh]">
          {children}
        </ModalPanel>
      )}
    </dialog>
  );
}

/** What ConfirmDialog runs: a screen's `useAction` result (its progress and failure show in the dialog). */
export interface ConfirmAction {
  mutate: () => void;
  /** Forgets the last failure: each opening of the dialog starts without it. */
  reset: () => void;
  isPending: boolean;
  error: unknown;
}

/** Forgets `action`'s last failure each time its dialog opens, so an old error never greets a new try. */
export function useFreshOnOpen(open: boolean, action: ConfirmAction | undefined): void {
  const reset = action?.reset;
  useEffect(() => {
    if (open) reset?.();
  }, [open, reset]);
}

/**
 * Asks before a destructive action. Give it the `action` (run on confirm, its progress on the button,
 * its failure under the text), or `onConfirm` with `busy` and `error` for anything else.
 */
export function ConfirmDialog({
  open,
  onClose,
  action,
  onConfirm = () => action?.mutate(),
  title,
  children,
  confirmLabel,
  busy = action?.isPending,
  error = action?.error,
}: {
  open: boolean;
  onClose: () => void;
  action?: ConfirmAction;
  onConfirm?: () => void;
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  busy?: boolean;
  /** The action's failure (a mutation's `error`), shown under the text. */
  error?: unknown;
}) {
  const { t } = useTranslation();
  useFreshOnOpen(open, action);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <CancelAnd onCancel={onClose}>
          <Button variant="danger" onClick={onConfirm} loading={busy}>
            {confirmLabel ?? t('Confirm')}
          </Button>
        </CancelAnd>
      }
    >
      <div className="text-sm text-slate-600">
        {children}
        {error ? (
          <div className="mt-3">
            <FormError error={error} />
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}

/** A dialog's buttons: Cancel, then the dialog's own action (`children`). */
export function CancelAnd({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        {t('Cancel')}
      </Button>
      {children}
    </>
  );
}
