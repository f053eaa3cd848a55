import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';
import { CancelAnd, type ConfirmAction, Dialog, useFreshOnOpen } from './Dialog.tsx';
import { TextInput } from './Field.tsx';
import { FormError } from './States.tsx';

/**
 * Asks before an action that cannot be undone and hits a lot (deleting a project, a domain): the
 * confirm button is enabled only once the person has typed `confirmText` exactly. Like ConfirmDialog,
 * it takes the `action` (run on confirm, its progress on the button, its failure under the text).
 */
export function TypeToConfirmDialog({
  open,
  onClose,
  action,
  title,
  confirmText,
  confirmLabel,
  children,
}: {
  open: boolean;
  onClose: () => void;
  action: ConfirmAction;
  title: string;
  confirmText: string;
  confirmLabel?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  useFreshOnOpen(open, action);
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
          if (matches && !action.isPending) action.mutate();
        }}
      >
        {children && <div className="text-sm text-slate-600">{children}</div>}
        <FormError error={action.error} />
        <TextInput
          label={t('Type {text} to confirm', { text: confirmText })}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
        <div className="-mx-5 -mb-4 flex justify-end gap-2 border-t border-slate-100 px-5 py-3">
          <CancelAnd onCancel={onClose}>
            <Button type="submit" variant="danger" disabled={!matches} loading={action.isPending}>
              {confirmLabel ?? t('Delete')}
            </Button>
          </CancelAnd>
        </div>
      </form>
    </Dialog>
  );
}
