/** The settings of each step type as form controls, with the API's errors under the matching control. */
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/Field.tsx';
import { ConditionEditor } from '../ConditionEditor.tsx';
import type { AddableType } from '../model.ts';
import type {
  AnyDraft,
  ConditionStepDraft,
  DelayDraft,
  ExitDraft,
  SendEmailDraft,
  UpdateDraft,
  WaitDraft,
  WebhookDraft,
} from '../step-drafts.ts';
import { configError, type FieldsProps } from './field-props.ts';
import { SendEmailFields } from './SendEmailFields.tsx';
import { DelayFields, WaitFields } from './TimingFields.tsx';
import { UpdateFields } from './UpdateFields.tsx';
import { WebhookFields } from './WebhookFields.tsx';

/** The field prefixes each type's controls show errors for; anything else goes to the form's message. */
export const SHOWN_FIELDS: Record<AddableType, string[]> = {
  SEND_EMAIL: ['config.templateId', 'config.recipient'],
  DELAY: ['config.amount', 'config.unit', 'config.until'],
  WAIT_FOR_EVENT: ['config.eventName', 'config.timeout'],
  CONDITION: ['config.field', 'config.operator', 'config.value', 'config.unit', 'config.count', 'config.condition'],
  WEBHOOK: ['config.url', 'config.method', 'config.headers', 'config.body'],
  UPDATE_CONTACT: ['config.updates', 'config.subscriptionAction'],
  EXIT: ['config.reason'],
};

export function StepFields({
  type,
  draft,
  onChange,
  error,
}: {
  type: AddableType;
  draft: AnyDraft;
  onChange: (next: AnyDraft) => void;
  error: unknown;
}) {
  // Each form edits the draft of its own type; the union is narrowed by `type`.
  const p = { onChange: onChange as (next: unknown) => void, error };
  switch (type) {
    case 'SEND_EMAIL':
      return <SendEmailFields {...p} draft={draft as SendEmailDraft} />;
    case 'DELAY':
      return <DelayFields {...p} draft={draft as DelayDraft} />;
    case 'WAIT_FOR_EVENT':
      return <WaitFields {...p} draft={draft as WaitDraft} />;
    case 'CONDITION':
      return <ConditionFields {...p} draft={draft as ConditionStepDraft} />;
    case 'WEBHOOK':
      return <WebhookFields {...p} draft={draft as WebhookDraft} />;
    case 'UPDATE_CONTACT':
      return <UpdateFields {...p} draft={draft as UpdateDraft} />;
    case 'EXIT':
      return <ExitFields {...p} draft={draft as ExitDraft} />;
  }
}

function ConditionFields({ draft, onChange, error }: FieldsProps<ConditionStepDraft>) {
  return <ConditionEditor draft={draft.rules} onChange={(rules) => onChange({ ...draft, rules })} error={error} />;
}

function ExitFields({ draft, onChange, error }: FieldsProps<ExitDraft>) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('Reason (optional)')}
      value={draft.reason}
      placeholder={t('Already a customer')}
      onChange={(e) => onChange({ ...draft, reason: e.target.value })}
      error={configError(error, 'reason')}
      hint={t('Shown on executions that end here.')}
    />
  );
}
