/**
 * A campaign's content: subject, kind of email and the content in its format (HTML, MJML or the
 * visual editor, chosen when the campaign is new) with its preview, started from scratch or from a
 * template (its format and content). The template picker reads the templates list
 * (templateQueries.picker), so a template saved elsewhere shows here as saved.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { useMe } from '../../api/session.ts';
import { Select, TextInput } from '../../components/Field.tsx';
import { Card } from '../../components/Layout.tsx';
import { ContentEditor, FormatPicker } from '../../editor/ContentEditor.tsx';
import { type BlockDocument, withIds } from '../../editor/document.ts';
import { starterContent } from '../../editor/formats.ts';
import { documentProblems } from '../../editor/problems.ts';
import { useProject } from '../../lib/project-context.tsx';
import { type Template, templateQueries } from '../../queries/templates.ts';
import { EMAIL_TYPES, emailTypeHint } from './campaign-model.ts';
import { type CampaignDraft, STARTER_BODY } from './use-campaign-draft.ts';

const EMPTY_SAMPLE: Record<string, unknown> = {};

export function CampaignContentCard({ d, isNew = false }: { d: CampaignDraft; isNew?: boolean }) {
  const { t } = useTranslation();
  const me = useMe();
  const templates = useQuery(templateQueries.picker(useProject()));
  const v = d.value;
  const choices = templates.data?.templates ?? [];
  const refusal = d.refusal;
  const problems = useMemo(
    () => (v.document && refusal instanceof ApiError ? documentProblems(v.document, refusal.errors) : []),
    [v.document, refusal],
  );

  // A template fills the content; it fills the sender only where the form has none yet.
  const applyTemplate = (template: Template) =>
    d.set({
      subject: template.subject,
      format: template.format,
      body: template.body,
      document: template.document ? withIds(template.document as BlockDocument) : null,
      emailType: template.type,
      ...(template.from && !v.from ? { from: template.from } : {}),
      ...(template.fromName && !v.fromName ? { fromName: template.fromName } : {}),
      ...(template.replyTo && !v.replyTo ? { replyTo: template.replyTo } : {}),
    });

  return (
    <Card
      title={t('Content')}
      actions={
        choices.length > 0 ? (
          <select
            aria-label={t('Start from a template')}
            value=""
            onChange={(e) => {
              const chosen = choices.find((x) => x.id === e.target.value);
              if (chosen) applyTemplate(chosen);
            }}
            className="h-8 max-w-full rounded-md border border-slate-300 bg-white px-2 text-sm"
          >
            <option value="">{t('Start from a template…')}</option>
            {choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.name}
              </option>
            ))}
          </select>
        ) : undefined
      }
    >
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_16rem]">
        <TextInput
          label={t('Subject')}
          required
          maxLength={998}
          {...d.text('subject')}
          // A subject is one line: a pasted line break becomes a space.
          onChange={(e) => d.set({ subject: e.target.value.replace(/[\r\n]/g, ' ') })}
          placeholder={t('What’s new this spring')}
          hint={t('Variables work here too: {example}', { example: '{{ name ?? "friend" }}' })}
        />
        <Select label={t('Kind of email')} {...d.text('emailType')} hint={emailTypeHint(v.emailType)}>
          {EMAIL_TYPES.map((type) => (
            <option key={type.id} value={type.id}>
              {t(type.label)}
            </option>
          ))}
        </Select>
      </div>
      <div className="mt-4 space-y-4">
        {isNew && (
          <FormatPicker
            value={v.format}
            onChange={(format) => d.set({ format, ...starterContent(format, STARTER_BODY) })}
          />
        )}
        <ContentEditor
          content={{ ...v, type: v.emailType }}
          onChange={(patch) => d.set(patch)}
          bodyError={d.error('body')}
          problems={problems}
          sample={EMPTY_SAMPLE}
          email={me.data?.email ?? 'jane@example.com'}
        />
      </div>
    </Card>
  );
}
