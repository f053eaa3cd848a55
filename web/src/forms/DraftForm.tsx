/**
 * A form on a screen (not in a dialog) over a `useDraft`: the error no field shows above the fields,
 * the fields (disabled for a member who may only read), and Save with Discard once something changed.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/Button.tsx';
import { FormError } from '../components/States.tsx';
import { cx } from '../lib/cx.ts';
import type { DraftControls } from './use-draft.ts';

export function DraftForm({
  draft,
  submitLabel,
  editable = true,
  className,
  children,
}: {
  draft: DraftControls;
  /** "Save changes" unless told. */
  submitLabel?: string;
  /** False for a member who may read the settings but not change them: no buttons, fields disabled. */
  editable?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    // The API judges the values and names the field it refuses; the browser's own check would stop
    // the submit first, with its own wording.
    <form onSubmit={draft.submit} noValidate className={cx('space-y-5', className)}>
      <FormError error={draft.formError} />
      <fieldset disabled={!editable} className="space-y-5">
        {children}
      </fieldset>
      {editable && (
        <div className="flex gap-2">
          <Button type="submit" loading={draft.saving} disabled={!draft.dirty}>
            {submitLabel ?? t('Save changes')}
          </Button>
          {draft.dirty && (
            <Button variant="ghost" onClick={draft.reset}>
              {t('Discard')}
            </Button>
          )}
        </div>
      )}
    </form>
  );
}
