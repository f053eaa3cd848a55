/** SEND_EMAIL: the template (from the same list the templates page shows), who gets it and its topic. */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Select, TextInput } from '../../../components/Field.tsx';
import { RadioGroup, type RadioOption } from '../../../components/RadioGroup.tsx';
import { TopicSelect } from '../../../components/TopicSelect.tsx';
import { useProject } from '../../../lib/project-context.tsx';
import { templateQueries } from '../../../queries/templates.ts';
import type { SendEmailDraft } from '../step-drafts.ts';
import { configError, type FieldsProps } from './field-props.ts';

const RECIPIENTS: RadioOption<SendEmailDraft['recipient']>[] = [
  { value: 'CONTACT', label: 'The contact' },
  { value: 'CUSTOM', label: 'A fixed address (for example your team)' },
];

export function SendEmailFields({ draft, onChange, error }: FieldsProps<SendEmailDraft>) {
  const project = useProject();
  const templates = useQuery(templateQueries.picker(project));
  const list = templates.data?.templates ?? [];
  const known = list.some((t) => t.id === draft.templateId);
  return (
    <div className="space-y-4">
      <Select
        label="Template"
        value={draft.templateId}
        onChange={(e) => onChange({ ...draft, templateId: e.target.value })}
        error={
          configError(error, 'templateId') ?? (templates.isError ? 'The templates could not be loaded.' : undefined)
        }
        hint={
          list.length === 0 && templates.isSuccess ? (
            <>
              No templates yet.{' '}
              <Link to={project.to('templates')} className="text-brand-700 underline">
                Create one
              </Link>{' '}
              first.
            </>
          ) : (
            'The subject, sender and body come from the template; contact fields fill its variables.'
          )
        }
      >
        <option value="" disabled>
          {templates.isPending ? 'Loading templates…' : 'Choose a template'}
        </option>
        {!known && draft.templateId && (
          <option value={draft.templateId}>Template {draft.templateId.slice(0, 8)}…</option>
        )}
        {list.map((t) => (
          <option key={t.id} value={t.id} disabled={!t.from}>
            {t.name}
            {t.from ? ` — ${t.subject}` : ' (no sender set)'}
          </option>
        ))}
      </Select>
      <RadioGroup
        legend="Send to"
        name="recipient"
        value={draft.recipient}
        options={RECIPIENTS}
        onChange={(recipient) => onChange({ ...draft, recipient })}
      >
        {draft.recipient === 'CUSTOM' && (
          <TextInput
            label="Address"
            type="email"
            value={draft.customEmail}
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
        hint="A contact not subscribed to the topic is skipped (its history says so) and the execution goes on."
      />
    </div>
  );
}
