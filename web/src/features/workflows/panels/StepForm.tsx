/**
 * The form state and controls a new step and an existing step share: its settings and its label.
 *
 * A step form keeps its own draft rather than useDraft's: its settings are a typed draft per step
 * type (a condition's filter tree, rows of headers and fields) that counts as changed by the config
 * it would save, not by its own values (a tree's node ids, "2" typed as "2.0"), and the API's errors
 * land by config path inside it (a condition's row, a header). It still asks before unsaved changes
 * are lost and saves on Ctrl/⌘+S, through `usePanelForm`.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../api/client.ts';
import { TextInput } from '../../../components/Field.tsx';
import { useUnsavedChanges } from '../../../components/LeaveGuard.tsx';
import { FormError } from '../../../components/States.tsx';
import { useSaveShortcut } from '../../../lib/use-save-shortcut.ts';
import { SHOWN_FIELDS, StepFields } from '../fields/StepFields.tsx';
import { type AddableType, stepTypeLabel } from '../model.ts';
import { type AnyDraft, configFor, draftFor } from '../step-drafts.ts';
import { sameJson, unshown } from './step-form.ts';

export function useStepForm(
  type: AddableType,
  fieldTypes: ReadonlyMap<string, string>,
  initial: { config?: Record<string, unknown>; name?: string | null } = {},
) {
  const [start] = useState(() => draftFor(type, initial.config));
  const [draft, setDraft] = useState<AnyDraft>(start);
  const [name, setName] = useState(initial.name ?? '');
  /** The step as the API takes it. */
  const body = { name: name.trim() || null, config: configFor(type, draft, fieldTypes) };
  // Against the config the panel opened with, read back through the same draft: a stored config the
  // form would write otherwise (keys in another order, a default made explicit) is no change.
  const changed =
    body.name !== ((initial.name ?? '').trim() || null) || !sameJson(body.config, configFor(type, start, fieldTypes));
  return { type, draft, setDraft, name, setName, body, changed };
}

export type StepForm = ReturnType<typeof useStepForm>;

/**
 * What a side panel's own form does for its draft: ask before unsaved changes go, and save on
 * Ctrl/⌘+S when it may (`canSave`: once changed, unless a new step's defaults may be added as they are).
 */
export function usePanelForm({
  changed,
  canSave = changed,
  saving,
  submit,
  leaveMessage,
}: {
  changed: boolean;
  canSave?: boolean;
  saving: boolean;
  submit: () => void;
  leaveMessage: string;
}) {
  useUnsavedChanges(changed && !saving, leaveMessage);
  useSaveShortcut(() => {
    if (canSave && !saving) submit();
  });
}

export function StepFormFields({ form, error, nameHint }: { form: StepForm; error: unknown; nameHint?: string }) {
  const { t } = useTranslation();
  const { type } = form;
  return (
    <>
      <FormError error={unshown(error, [...SHOWN_FIELDS[type], 'name'])} />
      <StepFields type={type} draft={form.draft} onChange={form.setDraft} error={error} />
      <TextInput
        label={t('Label (optional)')}
        value={form.name}
        placeholder={stepTypeLabel(type)}
        onChange={(e) => form.setName(e.target.value)}
        error={fieldError(error, 'name')}
        hint={nameHint}
      />
    </>
  );
}
