/**
 * The hosted sign-up form's settings: on or off, its title and description, the topics it offers
 * and its fields (key, label, type, required). The API's messages land on their controls
 * (`signupForm.<setting>`, `signupForm.fields.<i>.<part>`).
 */
import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { Checkbox, Select, TextArea, TextInput } from '../../components/Field.tsx';
import { TextLink } from '../../components/Links.tsx';
import { Skeleton } from '../../components/States.tsx';
import { Switch } from '../../components/Switch.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { topicQueries } from '../../queries/topics.ts';
import {
  blankField,
  SIGNUP_FIELD_TYPES,
  type SignupFieldDraft,
  type SignupFieldType,
  type SignupFormDraft,
} from './consent-draft.ts';

/** The API's message for a field of the save, by its path (the form's `useDraft` error). */
type FieldErrors = (field: string) => string | undefined;

export function SignupFormFields({
  form,
  onChange,
  error,
  editable,
}: {
  form: SignupFormDraft;
  onChange: (next: SignupFormDraft) => void;
  error: FieldErrors;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<SignupFormDraft>) => onChange({ ...form, ...patch });
  const err = (part: string) => error(`signupForm.${part}`);
  const text = (key: 'title' | 'description') => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => set({ [key]: e.target.value }),
    error: err(key),
  });
  return (
    <div className="space-y-5">
      <div className="flex items-center gap-3">
        <Switch
          label={t('Hosted sign-up form')}
          showLabel
          checked={form.enabled}
          disabled={!editable}
          onChange={(enabled) => set({ enabled })}
        />
        <span className="text-xs text-slate-500">
          {form.enabled ? t('Open to visitors.') : t('Off: its address answers 404.')}
        </span>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <TextInput
          label={t('Form title')}
          placeholder={t('e.g. Get our newsletter')}
          maxLength={200}
          {...text('title')}
          hint={t("Empty: “Sign up”, in the visitor's language.")}
        />
        <TextArea
          label={t('Description (optional)')}
          rows={2}
          maxLength={2000}
          placeholder={t('e.g. One email a month. Unsubscribe any time.')}
          {...text('description')}
        />
      </div>
      <TopicChoices chosen={form.topics} onChange={(topics) => set({ topics })} error={err('topics')} />
      <FieldRows fields={form.fields} onChange={(fields) => set({ fields })} error={error} editable={editable} />
    </div>
  );
}

function TopicChoices({
  chosen,
  onChange,
  error,
}: {
  chosen: string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const project = useProject();
  const topics = useQuery(topicQueries.list(project));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">{t('Topics to offer')}</legend>
      {topics.isPending && <Skeleton className="h-6 w-64" />}
      {topics.isError && <p className="text-xs text-red-600">{t('The topics could not be loaded.')}</p>}
      {topics.isSuccess && topics.data.length === 0 && (
        <p className="text-sm text-slate-500">
          {t('No topics yet: sign-ups get everything.')}{' '}
          <TextLink to={project.to('topics')}>{t('Add topics')}</TextLink>
        </p>
      )}
      {topics.isSuccess && topics.data.length > 0 && (
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {topics.data.map((topic) => (
            <Checkbox
              key={topic.id}
              label={topic.name}
              checked={chosen.includes(topic.id)}
              onChange={(e) =>
                onChange(e.target.checked ? [...chosen, topic.id] : chosen.filter((id) => id !== topic.id))
              }
            />
          ))}
        </div>
      )}
      {error && <p className="text-xs text-red-600">{error}</p>}
    </fieldset>
  );
}

function FieldRows({
  fields,
  onChange,
  error,
  editable,
}: {
  fields: SignupFieldDraft[];
  onChange: (next: SignupFieldDraft[]) => void;
  error: FieldErrors;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const update = (i: number, patch: Partial<SignupFieldDraft>) =>
    onChange(fields.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  const listError = error('signupForm.fields');
  const rowError = (i: number, part: string) => error(`signupForm.fields.${i}.${part}`);
  const rowText = (i: number, part: 'key' | 'label') => ({
    value: fields[i]![part],
    onChange: (e: { target: { value: string } }) => update(i, { [part]: e.target.value }),
    error: rowError(i, part),
  });
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-700">{t('Fields besides the email address')}</legend>
      <p className="text-xs text-slate-500">
        {t(
          "Each answer is stored in the contact's data under its key (letters, digits, _ and -, starting with a letter). A required yes/no field must be ticked, as a consent box.",
        )}
      </p>
      {fields.map((f, i) => {
        const name = f.key.trim() || t('field {index}', { index: i + 1 });
        return (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and named by position.
            key={i}
            className="grid items-start gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_8rem_auto]"
          >
            <TextInput
              label={t('Key of field {index}', { index: i + 1 })}
              placeholder={t('e.g. {example}', { example: 'firstName' })}
              spellCheck={false}
              {...rowText(i, 'key')}
            />
            <TextInput
              label={t('Label of {name}', { name })}
              placeholder={t('e.g. First name')}
              {...rowText(i, 'label')}
            />
            <Select
              label={t('Type of {name}', { name })}
              value={f.type}
              onChange={(e) => update(i, { type: e.target.value as SignupFieldType })}
              error={rowError(i, 'type')}
            >
              {SIGNUP_FIELD_TYPES.map((type) => (
                <option key={type.value} value={type.value}>
                  {t(type.label)}
                </option>
              ))}
            </Select>
            <div className="flex items-center gap-2 sm:mt-7">
              <Checkbox
                label={t('Required')}
                aria-label={t('{name} is required', { name })}
                checked={f.required}
                onChange={(e) => update(i, { required: e.target.checked })}
              />
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('Remove {name}', { name })}
                icon={<Trash2 className="size-4" aria-hidden />}
                onClick={() => onChange(fields.filter((_, j) => j !== i))}
              />
            </div>
          </div>
        );
      })}
      {listError && !fields.some((_, i) => error(`signupForm.fields.${i}`)) && (
        <p className="text-xs text-red-600">{listError}</p>
      )}
      {editable && (
        <Button
          variant="ghost"
          size="sm"
          icon={<Plus className="size-4" aria-hidden />}
          onClick={() => onChange([...fields, blankField()])}
        >
          {t('Add field')}
        </Button>
      )}
    </fieldset>
  );
}
