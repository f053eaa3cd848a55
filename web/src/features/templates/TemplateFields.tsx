/**
 * The template editor's fields: details, sender, and the content (subject, HTML body) with the live
 * preview beside it, rendered with sample contact data typed below.
 */
import { useMemo, useState } from 'react';
import { useMe } from '../../api/session.ts';
import { EmailBodyField } from '../../components/EmailBodyField.tsx';
import { EmailPreview } from '../../components/EmailPreview.tsx';
import { Select, TextArea, TextInput } from '../../components/Field.tsx';
import { Card } from '../../components/Layout.tsx';
import { TextLink } from '../../components/Links.tsx';
import type { Draft } from '../../forms/use-draft.ts';
import { templateVariables } from '../../lib/email-render.ts';
import { useProject } from '../../lib/project-context.tsx';
import { parseSample } from '../../lib/sample-data.ts';
import { TEMPLATE_TYPES, type TemplateDraft, typeInfo } from './template-model.ts';

const PREVIEW_HEIGHT = 520;

const SUBJECT_HINT = (
  <>
    Use <code className="rounded bg-slate-100 px-1 text-slate-700">{'{{ firstName }}'}</code> for a contact field,{' '}
    <code className="rounded bg-slate-100 px-1 text-slate-700">{'{{ firstName ?? "there" }}'}</code> for a fallback.
  </>
);

export function TemplateFields({ d, autoFocus }: { d: Draft<TemplateDraft>; autoFocus: boolean }) {
  const { to } = useProject();
  return (
    <>
      <Card title="Details">
        <div className="grid gap-4 md:grid-cols-2">
          <TextInput
            label="Name"
            required
            autoFocus={autoFocus}
            {...d.text('name')}
            hint="Only you see it: it names the template in lists and pickers."
          />
          <Select label="Type" {...d.text('type')} hint={typeInfo(d.value.type).hint}>
            {TEMPLATE_TYPES.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </Select>
          <div className="md:col-span-2">
            <TextInput label="Description" {...d.text('description')} placeholder="What it is for, when it is sent" />
          </div>
        </div>
      </Card>

      <Card title="Sender">
        <div className="grid gap-4 md:grid-cols-3">
          <TextInput
            label="From address"
            type="email"
            {...d.text('from')}
            placeholder="hello@yourdomain.com"
            hint={
              <>
                Must be on a <TextLink to={to('domains')}>verified domain</TextLink>.
              </>
            }
          />
          <TextInput label="From name" {...d.text('fromName')} placeholder="Acme" />
          <TextInput label="Reply-to" type="email" {...d.text('replyTo')} placeholder="support@yourdomain.com" />
        </div>
      </Card>

      <Card title="Content">
        <div className="space-y-4">
          <TextInput
            label="Subject"
            required
            {...d.text('subject')}
            placeholder={'Welcome to Acme, {{ firstName ?? "friend" }}'}
            hint={SUBJECT_HINT}
          />
          <ContentWithPreview d={d} />
        </div>
      </Card>
    </>
  );
}

/** The body editor and the preview, with the sample data the preview renders with. */
function ContentWithPreview({ d }: { d: Draft<TemplateDraft> }) {
  const me = useMe();
  const draft = d.value;
  const [sampleText, setSampleText] = useState('{\n  "firstName": "Ada"\n}');
  const sample = useMemo(() => parseSample(sampleText), [sampleText]);
  const sampleValue = useMemo(() => ('value' in sample ? sample.value : {}), [sample]);
  const variables = useMemo(() => templateVariables(draft.subject, draft.body), [draft.subject, draft.body]);
  return (
    <>
      <div className="grid gap-4 xl:grid-cols-2">
        <EmailBodyField
          value={draft.body}
          onChange={(body) => d.set({ body })}
          error={d.error('body')}
          height={PREVIEW_HEIGHT + 50}
        />
        <EmailPreview
          subject={draft.subject}
          body={draft.body}
          from={draft.from}
          fromName={draft.fromName}
          type={draft.type}
          email={me.data?.email ?? 'you@example.com'}
          sample={sampleValue}
          height={PREVIEW_HEIGHT}
        />
      </div>
      <details className="group rounded-md border border-slate-200 bg-slate-50 px-3 py-2">
        <summary className="cursor-pointer text-sm font-medium text-slate-700">
          Sample data for the preview
          {variables.length > 0 && (
            <span className="ml-2 font-normal text-slate-500">Variables used: {variables.join(', ')}</span>
          )}
        </summary>
        <div className="mt-2">
          <TextArea
            label="Sample contact data (JSON)"
            rows={4}
            className="font-mono text-xs"
            value={sampleText}
            onChange={(e) => setSampleText(e.target.value)}
            error={'error' in sample ? sample.error : undefined}
            hint="Only the preview uses it. Real sends fill variables from each contact's data."
          />
        </div>
      </details>
    </>
  );
}
