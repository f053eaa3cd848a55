import { type ReactNode, useEffect, useState } from 'react';
import { Button } from './Button.tsx';
import { CancelAnd, Dialog } from './Dialog.tsx';
import { TextInput } from './Field.tsx';

/**
 * Asks before an action that cannot be undone and hits a lot (deleting a project, a domain): the
 * confirm button is enabled only once the person has typed `confirmText` exactly.
 */
export function TypeToConfirmDialog({
  open,
  onClose,
  onConfirm,
  title,
  confirmText,
  confirmLabel = 'Delete',
  busy,
  children,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  confirmText: string;
  confirmLabel?: string;
  busy?: boolean;
  children?: ReactNode;
}) {
  const [typed, setTyped] = useState('');
  // Each opening starts empty, so an earlier confirmation never carries over.
  useEffect(() => {
    if (open) setTyped('');
  }, [open]);
  const matches = typed === confirmText;
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (matches && !busy) onConfirm();
        }}
      >
        {children && <div className="text-sm text-slate-600">{children}</div>}
        <TextInput
          label={`Type ${confirmText} to confirm`}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
        <div className="-mx-5 -mb-4 flex justify-end gap-2 border-t border-slate-100 px-5 py-3">
          <CancelAnd onCancel={onClose}>
            <Button type="submit" variant="danger" disabled={!matches} loading={busy}>
              {confirmLabel}
            </Button>
          </CancelAnd>
        </div>
      </form>
    </Dialog>
  );
}
