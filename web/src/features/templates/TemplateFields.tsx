/**
 * The template editor's fields: details, sender, and the content (subject; HTML, MJML or the visual
 * editor, chosen when the template is new) with its live preview, rendered with sample contact
 * data typed below.
 */
import { useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
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

function SubjectHint() {
  return (
    <Trans
      i18nKey="Use <code>{field}</code> for a contact field, <code>{fallback}</code> for a fallback."
      values={{ field: '{{ firstName }}', fallback: '{{ firstName ?? "there" }}' }}
      components={{ code: <code className="rounded bg-slate-100 px-1 text-slate-700" /> }}
    />
  );
}

/** The sample contact data the preview renders with, as typed (JSON). */
export interface SampleData {
  text: string;
  setText: (text: string) => void;
}

export function TemplateFields({ d, isNew, sample }: { d: TemplateFormDraft; isNew: boolean; sample: SampleData }) {
  const { t } = useTranslation();
  const { to } = useProject();
  return (
    <>
      <Card title={t('Details')}>
        <div className="grid gap-4 md:grid-cols-2">
          <TextInput
            label={t('Name')}
            required
            autoFocus={isNew}
            {...d.text('name')}
            hint={t('Only you see it: it names the template in lists and pickers.')}
          />
          <Select label={t('Type')} {...d.text('type')} hint={t(typeInfo(d.value.type).hint)}>
            {TEMPLATE_TYPES.map((type) => (
              <option key={type.id} value={type.id}>
                {t(type.label)}
              </option>
            ))}
          </Select>
          <div className="md:col-span-2">
            <TextInput
              label={t('Description')}
              {...d.text('description')}
              placeholder={t('What it is for, when it is sent')}
            />
          </div>
        </div>
      </Card>

      <Card title={t('Sender')}>
        <div className="grid gap-4 md:grid-cols-3">
          <TextInput
            label={t('From address')}
            type="email"
            {...d.text('from')}
            // i18n-ignore: an example address
            placeholder="hello@yourdomain.com"
            hint={
              <Trans
                i18nKey="Must be on a <a>verified domain</a>."
                components={{ a: <TextLink to={to('domains')}>{null}</TextLink> }}
              />
            }
          />
          {/* i18n-ignore: an example sender name (a brand) */}
          <TextInput label={t('From name')} {...d.text('fromName')} placeholder="Acme" />
          <TextInput
            label={t('Reply-to')}
            type="email"
            {...d.text('replyTo')}
            // i18n-ignore: an example address
            placeholder="support@yourdomain.com"
          />
        </div>
      </Card>

      <Card title={t('Content')}>
        <div className="space-y-4">
          <TextInput
            label={t('Subject')}
            required
            {...d.text('subject')}
            placeholder={t('Welcome to Acme, {name}', { name: '{{ firstName ?? "friend" }}' })}
            hint={<SubjectHint />}
          />
          <ContentWithPreview d={d} isNew={isNew} sample={sample} />
        </div>
      </Card>
    </>
  );
}

/** The content in its format with its preview, and the sample data the preview renders with. */
function ContentWithPreview({ d, isNew, sample }: { d: TemplateFormDraft; isNew: boolean; sample: SampleData }) {
  const { t } = useTranslation();
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
              {t('Sample data for the preview')}
              {variables.length > 0 && (
                <span className="ml-2 font-normal text-slate-500">
                  {t('Variables used: {names}', { names: variables.join(', ') })}
                </span>
              )}
            </summary>
            <div className="mt-2">
              <TextArea
                label={t('Sample contact data (JSON)')}
                rows={4}
                className="font-mono text-xs"
                value={sample.text}
                onChange={(e) => sample.setText(e.target.value)}
                error={'error' in parsed ? parsed.error : undefined}
                hint={t(
                  "Only the preview and tests of MJML and visual emails use it. Real sends fill variables from each contact's data.",
                )}
              />
            </div>
          </details>
        }
      />
    </>
  );
}
