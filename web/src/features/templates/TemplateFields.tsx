/**
 * The template editor's fields: details, sender, and the content (subject; HTML, MJML or the visual
 * editor, chosen when the template is new) with its live preview, rendered with sample contact
 * data typed below.
 */
import { useMemo } from 'react';
import { ApiError } from '../../api/client.ts';
import { useMe } from '../../api/session.ts';
import { Select, TextArea, TextInput } from '../../components/Field.tsx';
import { Card } from '../../components/Layout.tsx';
import { TextLink } from '../../components/Links.tsx';
import { ContentEditor, FormatPicker } from '../../editor/ContentEditor.tsx';
import { starterContent } from '../../editor/formats.ts';
import { documentProblems } from '../../editor/problems.ts';
import type { Draft } from '../../forms/use-draft.ts';
import { templateVariables } from '../../lib/email-render.ts';
import { useProject } from '../../lib/project-context.tsx';
import { parseSample } from '../../lib/sample-data.ts';
import { STARTER_BODY, TEMPLATE_TYPES, type TemplateDraft, typeInfo } from './template-model.ts';

/** The form's draft, with the last refusal of a save as the API said it (its document's paths). */
export type TemplateFormDraft = Draft<TemplateDraft> & { saveError: Error | null };

const PREVIEW_HEIGHT = 520;

const SUBJECT_HINT = (
  <>
    Use <code className="rounded bg-slate-100 px-1 text-slate-700">{'{{ firstName }}'}</code> for a contact field,{' '}
    <code className="rounded bg-slate-100 px-1 text-slate-700">{'{{ firstName ?? "there" }}'}</code> for a fallback.
  </>
);

/** The sample contact data the preview renders with, as typed (JSON). */
export interface SampleData {
  text: string;
  setText: (text: string) => void;
}

export function TemplateFields({ d, isNew, sample }: { d: TemplateFormDraft; isNew: boolean; sample: SampleData }) {
  const { to } = useProject();
  return (
    <>
      <Card title="Details">
        <div className="grid gap-4 md:grid-cols-2">
          <TextInput
            label="Name"
            required
            autoFocus={isNew}
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
          <ContentWithPreview d={d} isNew={isNew} sample={sample} />
        </div>
      </Card>
    </>
  );
}

/** The content in its format with its preview, and the sample data the preview renders with. */
function ContentWithPreview({ d, isNew, sample }: { d: TemplateFormDraft; isNew: boolean; sample: SampleData }) {
  const me = useMe();
  const draft = d.value;
  const parsed = useMemo(() => parseSample(sample.text), [sample.text]);
  const sampleValue = useMemo(() => ('value' in parsed ? parsed.value : {}), [parsed]);
  const variables = useMemo(() => templateVariables(draft.subject, draft.body), [draft.subject, draft.body]);
  const refusal = d.saveError;
  const problems = useMemo(
    () => (draft.document && refusal instanceof ApiError ? documentProblems(draft.document, refusal.errors) : []),
    [draft.document, refusal],
  );
  return (
    <>
      {isNew && (
        <FormatPicker
          value={draft.format}
          onChange={(format) => d.set({ format, ...starterContent(format, STARTER_BODY) })}
        />
      )}
      <ContentEditor
        content={draft}
        onChange={(patch) => d.set(patch)}
        bodyError={d.error('body')}
        problems={problems}
        sample={sampleValue}
        email={me.data?.email ?? 'you@example.com'}
        height={PREVIEW_HEIGHT}
        sampleEditor={
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
                value={sample.text}
                onChange={(e) => sample.setText(e.target.value)}
                error={'error' in parsed ? parsed.error : undefined}
                hint="Only the preview and tests of MJML and visual emails use it. Real sends fill variables from each contact's data."
              />
            </div>
          </details>
        }
      />
    </>
  );
}
