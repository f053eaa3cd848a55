/**
 * A campaign's content: subject, kind of email and HTML body with its preview, started from scratch
 * or from a template. The template picker reads the templates list (templateQueries.picker), so a
 * template saved elsewhere shows here as saved.
 */
import { useQuery } from '@tanstack/react-query';
import { useMe } from '../../api/session.ts';
import { EmailBodyField } from '../../components/EmailBodyField.tsx';
import { EmailPreview } from '../../components/EmailPreview.tsx';
import { Select, TextInput } from '../../components/Field.tsx';
import { Card } from '../../components/Layout.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { type Template, templateQueries } from '../../queries/templates.ts';
import { EMAIL_TYPES } from './campaign-model.ts';
import type { CampaignDraft } from './use-campaign-draft.ts';

const EMPTY_SAMPLE: Record<string, unknown> = {};

export function CampaignContentCard({ d }: { d: CampaignDraft }) {
  const me = useMe();
  const templates = useQuery(templateQueries.picker(useProject()));
  const v = d.value;
  const choices = templates.data?.templates ?? [];

  // A template fills the content; it fills the sender only where the form has none yet.
  const applyTemplate = (t: Template) =>
    d.set({
      subject: t.subject,
      body: t.body,
      emailType: t.type,
      ...(t.from && !v.from ? { from: t.from } : {}),
      ...(t.fromName && !v.fromName ? { fromName: t.fromName } : {}),
      ...(t.replyTo && !v.replyTo ? { replyTo: t.replyTo } : {}),
    });

  return (
    <Card
      title="Content"
      actions={
        choices.length > 0 ? (
          <select
            aria-label="Start from a template"
            value=""
            onChange={(e) => {
              const t = choices.find((x) => x.id === e.target.value);
              if (t) applyTemplate(t);
            }}
            className="h-8 max-w-full rounded-md border border-slate-300 bg-white px-2 text-sm"
          >
            <option value="">Start from a template…</option>
            {choices.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        ) : undefined
      }
    >
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_16rem]">
        <TextInput
          label="Subject"
          required
          maxLength={998}
          {...d.text('subject')}
          // A subject is one line: a pasted line break becomes a space.
          onChange={(e) => d.set({ subject: e.target.value.replace(/[\r\n]/g, ' ') })}
          placeholder="What’s new this spring"
          hint={'Variables work here too: {{ name ?? "friend" }}'}
        />
        <Select
          label="Kind of email"
          {...d.text('emailType')}
          hint={EMAIL_TYPES.find((t) => t.id === v.emailType)?.hint}
        >
          {EMAIL_TYPES.map((t) => (
            <option key={t.id} value={t.id}>
              {t.label}
            </option>
          ))}
        </Select>
      </div>
      <div className="mt-4 grid gap-4 xl:grid-cols-2">
        <EmailBodyField value={v.body} onChange={(body) => d.set({ body })} error={d.error('body')} />
        <EmailPreview
          subject={v.subject}
          body={v.body}
          from={v.from}
          fromName={v.fromName}
          type={v.emailType}
          email={me.data?.email ?? 'jane@example.com'}
          sample={EMPTY_SAMPLE}
        />
      </div>
    </Card>
  );
}
