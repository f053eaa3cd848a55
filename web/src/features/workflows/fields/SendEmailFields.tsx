/** SEND_EMAIL: the template (from the same list the templates page shows), who gets it and its topic. */
import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Select, TextInput } from '../../../components/Field.tsx';
import { RadioGroup, type RadioOption } from '../../../components/RadioGroup.tsx';
import { TopicSelect } from '../../../components/TopicSelect.tsx';
import { msg } from '../../../i18n/msg.ts';
import { useProject } from '../../../lib/project-context.tsx';
import { templateQueries } from '../../../queries/templates.ts';
import type { SendEmailDraft } from '../step-drafts.ts';
import { configError, type FieldsProps } from './field-props.ts';

/** English messages, translated where shown. */
const RECIPIENTS: RadioOption<SendEmailDraft['recipient']>[] = [
  { value: 'CONTACT', label: msg('The contact') },
  { value: 'CUSTOM', label: msg('A fixed address (for example your team)') },
];

export function SendEmailFields({ draft, onChange, error }: FieldsProps<SendEmailDraft>) {
  const { t } = useTranslation();
  const project = useProject();
  const templates = useQuery(templateQueries.picker(project));
  const list = templates.data?.templates ?? [];
  const known = list.some((template) => template.id === draft.templateId);
  return (
    <div className="space-y-4">
      <Select
        label={t('Template')}
        value={draft.templateId}
        onChange={(e) => onChange({ ...draft, templateId: e.target.value })}
        error={
          configError(error, 'templateId') ?? (templates.isError ? t('The templates could not be loaded.') : undefined)
        }
        hint={
          list.length === 0 && templates.isSuccess ? (
            <Trans
              i18nKey="No templates yet. <create>Create one</create> first."
              components={{ create: <Link to={project.to('templates')} className="text-brand-700 underline" /> }}
            />
          ) : (
            t('The subject, sender and body come from the template; contact fields fill its variables.')
          )
        }
      >
        <option value="" disabled>
          {templates.isPending ? t('Loading templates…') : t('Choose a template')}
        </option>
        {!known && draft.templateId && (
          <option value={draft.templateId}>{t('Template {id}…', { id: draft.templateId.slice(0, 8) })}</option>
        )}
        {list.map((template) => (
          <option key={template.id} value={template.id} disabled={!template.from}>
            {template.name}
            {template.from ? ` — ${template.subject}` : ` ${t('(no sender set)')}`}
          </option>
        ))}
      </Select>
      <RadioGroup
        legend={t('Send to')}
        name="recipient"
        value={draft.recipient}
        options={RECIPIENTS.map((o) => ({ ...o, label: t(o.label) }))}
        onChange={(recipient) => onChange({ ...draft, recipient })}
      >
        {draft.recipient === 'CUSTOM' && (
          <TextInput
            label={t('Address')}
            type="email"
            value={draft.customEmail}
            // i18n-ignore: an email address
            placeholder="team@example.com"
            onChange={(e) => onChange({ ...draft, customEmail: e.target.value })}
            error={configError(error, 'recipient')}
          />
        )}
      </RadioGroup>
      <TopicSelect
        value={draft.topicId}
        onChange={(topicId) => onChange({ ...draft, topicId })}
        error={configError(error, 'topicId')}
        hint={t('A contact not subscribed to the topic is skipped (its history says so) and the execution goes on.')}
      />
    </div>
  );
}
