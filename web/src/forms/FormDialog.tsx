import type { FormEvent, ReactNode } from 'react';
import { Button } from '../components/Button.tsx';
import { CancelAnd, Dialog } from '../components/Dialog.tsx';
import { FormError } from '../components/States.tsx';
import type { DraftControls } from './use-draft.ts';

/**
 * A Dialog whose body is a form: Enter submits, the footer's submit button shows `busy`, and the
 * form-level error shows above the footer. Give it a `draft` (forms/use-draft.ts: its submit, its
 * progress, the error no field shows), or `onSubmit`, `busy` and `error`; run the write with
 * `inline: true` so its error is not also toasted.
 */
export function FormDialog({
  open,
  onClose,
  title,
  submitLabel,
  draft,
  onSubmit = (e) => draft?.submit(e),
  busy = draft?.saving,
  error = draft?.formError,
  wide,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  draft?: DraftControls;
  onSubmit?: (e: FormEvent<HTMLFormElement>) => void;
  busy?: boolean;
  error?: unknown;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title} wide={wide}>
      <form
        // The dialog's body scrolls; the footer stays part of the form so type=submit works.
        className="space-y-4"
        // The API judges the values and names the field it refuses; the browser's own check would
        // stop the submit first, with its own wording and nothing the screen can show.
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) onSubmit(e);
        }}
      >
        {children}
        <FormError error={error} />
        <div className="-mx-5 -mb-4 flex justify-end gap-2 border-t border-slate-100 px-5 py-3">
          <CancelAnd onCancel={onClose}>
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </CancelAnd>
        </div>
      </form>
    </Dialog>
  );
}
