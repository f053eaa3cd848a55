/** The form state and controls a new step and an existing step share: its settings and its label. */
import { useState } from 'react';
import { fieldError } from '../../../api/client.ts';
import { TextInput } from '../../../components/Field.tsx';
import { FormError } from '../../../components/States.tsx';
import { SHOWN_FIELDS, StepFields } from '../fields/StepFields.tsx';
import { type AddableType, STEP_TYPES } from '../model.ts';
import { type AnyDraft, configFor, draftFor } from '../step-drafts.ts';
import { unshown } from './step-form.ts';

export function useStepForm(
  type: AddableType,
  fieldTypes: ReadonlyMap<string, string>,
  initial: { config?: Record<string, unknown>; name?: string | null } = {},
) {
  const [draft, setDraft] = useState<AnyDraft>(() => draftFor(type, initial.config));
  const [name, setName] = useState(initial.name ?? '');
  return {
    type,
    draft,
    setDraft,
    name,
    setName,
    /** The config as the API takes it. */
    config: () => configFor(type, draft, fieldTypes),
  };
}

export type StepForm = ReturnType<typeof useStepForm>;

export function StepFormFields({ form, error, nameHint }: { form: StepForm; error: unknown; nameHint?: string }) {
  const { type } = form;
  return (
    <>
      <FormError error={unshown(error, [...SHOWN_FIELDS[type], 'name'])} />
      <StepFields type={type} draft={form.draft} onChange={form.setDraft} error={error} />
      <TextInput
        label="Label (optional)"
        value={form.name}
        placeholder={STEP_TYPES[type].label}
        onChange={(e) => form.setName(e.target.value)}
        error={fieldError(error, 'name')}
        hint={nameHint}
      />
    </>
  );
}
