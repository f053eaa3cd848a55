/**
 * The campaign form: name, sender, audience (with its live count) and content (from scratch or a
 * template, with a preview). Its state lives in `useCampaignDraft` so the screen's actions (save,
 * send a test, schedule, send) can save pending changes first.
 */

import { AlertTriangle } from 'lucide-react';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { ApiError, fieldError } from '../../api/client.ts';
import { useMe } from '../../api/session.ts';
import { useProject } from '../../app/project-context.tsx';
import { Select, TextInput } from '../../components/Field.tsx';
import { Card } from '../../components/Layout.tsx';
import { TextLink } from '../../components/Links.tsx';
import { FormError, Skeleton } from '../../components/States.tsx';
import { useDomains } from '../domains/queries.ts';
import { type GroupNode, nodeForErrorPath, toApi } from '../segments/filter-model.ts';
import { useFieldOptions } from '../segments/queries.ts';
import { TemplatePreview } from '../templates/TemplatePreview.tsx';
import { AudienceCount, AudiencePicker } from './AudiencePicker.tsx';
import {
  type CampaignFormValues,
  campaignBody,
  domainOf,
  EMAIL_TYPES,
  type EmailType,
  onVerifiedDomain,
} from './campaign-model.ts';
import { useTemplateChoices } from './queries.ts';

const HtmlEditor = lazy(() => import('../templates/HtmlEditor.tsx'));

export interface Draft {
  values: CampaignFormValues;
  filter: GroupNode;
}

/** The form's state, its API body and what keeps it from being saved. */
export function useCampaignDraft(initial: Draft) {
  const [draft, setDraft] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const fields = useFieldOptions();
  const converted = useMemo(
    () => (fields.options ? toApi(draft.filter, fields.options, 'audienceFilter') : undefined),
    [draft.filter, fields.options],
  );
  const filterIncomplete =
    draft.values.audienceType === 'FILTERED' && (!converted || Object.keys(converted.problems).length > 0);
  const body = campaignBody(draft.values, converted?.filters ?? null);
  const savedBody = useMemo(() => {
    const c = fields.options ? toApi(saved.filter, fields.options, 'audienceFilter') : undefined;
    return campaignBody(saved.values, c?.filters ?? null);
  }, [saved, fields.options]);
  const dirty = JSON.stringify(body) !== JSON.stringify(savedBody);
  /** What the page must fix before a save, said per field. */
  const missing: Partial<Record<keyof CampaignFormValues, string>> = {};
  if (!draft.values.name.trim()) missing.name = 'Give the campaign a name.';
  if (!draft.values.subject.trim()) missing.subject = 'Write a subject line.';
  if (!draft.values.from.trim()) missing.from = 'Enter the address it is sent from.';
  if (!draft.values.body.trim()) missing.body = 'Write the email, or start from a template.';
  if (draft.values.audienceType === 'SEGMENT' && !draft.values.segmentId) missing.segmentId = 'Choose a segment.';
  return {
    draft,
    set: (patch: Partial<CampaignFormValues>) => setDraft((d) => ({ ...d, values: { ...d.values, ...patch } })),
    setFilter: (filter: GroupNode) => setDraft((d) => ({ ...d, filter })),
    markSaved: () => setSaved(draft),
    fields,
    converted,
    filterIncomplete,
    body,
    dirty,
    missing,
    valid: !filterIncomplete && Object.keys(missing).length === 0,
  };
}

export type CampaignDraft = ReturnType<typeof useCampaignDraft>;

/** The API's message for a campaign field, including a sender refused as off the verified domains. */
function apiFieldError(error: unknown, field: string): string | undefined {
  if (field === 'from' && error instanceof ApiError && error.code === 'UNVERIFIED_DOMAIN') return error.message;
  return fieldError(error, field);
}

const FORM_FIELDS = [
  'name',
  'description',
  'subject',
  'body',
  'from',
  'fromName',
  'replyTo',
  'emailType',
  'audienceType',
  'segmentId',
  'audienceFilter',
];

export function CampaignForm({ d, error, tried }: { d: CampaignDraft; error: unknown; tried: boolean }) {
  const { to } = useProject();
  const me = useMe();
  const domains = useDomains();
  const templates = useTemplateChoices();
  const v = d.draft.values;
  const bodyLabelId = useId();
  const bodyErrorId = useId();
  const show = (field: keyof CampaignFormValues) =>
    apiFieldError(error, field) ?? (tried ? d.missing[field] : undefined);

  const verified = (domains.data ?? []).filter((x) => x.verified).map((x) => x.domain);
  const fromDomain = domainOf(v.from);
  const unverifiedFrom = domains.data && fromDomain && v.from.includes('@') && !onVerifiedDomain(v.from, verified);

  const problems = useMemo(() => {
    const out: Record<string, string> = {};
    if (d.converted && tried) Object.assign(out, d.converted.problems);
    if (d.converted && error instanceof ApiError) {
      for (const e of error.errors) {
        const id = e.field?.startsWith('audienceFilter') ? nodeForErrorPath(d.converted.paths, e.field) : undefined;
        if (id && !out[id]) out[id] = e.message;
      }
    }
    return out;
  }, [d.converted, tried, error]);
  const general =
    error instanceof ApiError &&
    (error.code === 'UNVERIFIED_DOMAIN' ||
      (error.errors.length > 0 && error.errors.every((e) => FORM_FIELDS.some((f) => e.field?.startsWith(f)))))
      ? null
      : error;
  const filterMessage =
    error instanceof ApiError ? error.errors.find((e) => e.field === 'audienceFilter')?.message : undefined;

  const applyTemplate = (id: string) => {
    const t = templates.data?.templates.find((x) => x.id === id);
    if (!t) return;
    const emailType: EmailType = t.type === 'TRANSACTIONAL' ? 'TRANSACTIONAL' : t.type;
    d.set({
      subject: t.subject,
      body: t.body,
      emailType,
      ...(t.from && !v.from ? { from: t.from } : {}),
      ...(t.fromName && !v.fromName ? { fromName: t.fromName } : {}),
      ...(t.replyTo && !v.replyTo ? { replyTo: t.replyTo } : {}),
    });
  };

  return (
    <div className="space-y-5">
      <FormError error={general} />
      <Card title="Campaign">
        <div className="grid gap-4 md:grid-cols-2">
          <TextInput
            label="Name"
            required
            maxLength={200}
            value={v.name}
            onChange={(e) => d.set({ name: e.target.value })}
            error={show('name')}
            placeholder="Spring product update"
            hint="Only your team sees it."
          />
          <TextInput
            label="Description"
            maxLength={2000}
            value={v.description}
            onChange={(e) => d.set({ description: e.target.value })}
            error={show('description')}
            hint="Optional note for your team."
          />
        </div>
      </Card>

      <Card title="Sender">
        <div className="grid gap-4 md:grid-cols-3">
          <TextInput
            label="From address"
            type="email"
            required
            list="verified-senders"
            value={v.from}
            onChange={(e) => d.set({ from: e.target.value })}
            error={show('from')}
            placeholder={verified[0] ? `hello@${verified[0]}` : 'hello@yourdomain.com'}
            hint={
              verified.length > 0 ? `On a verified domain: ${verified.join(', ')}` : 'Must be on a verified domain.'
            }
          />
          <datalist id="verified-senders">
            {verified.map((domain) => (
              <option key={domain} value={`hello@${domain}`} />
            ))}
          </datalist>
          <TextInput
            label="From name"
            maxLength={200}
            value={v.fromName}
            onChange={(e) => d.set({ fromName: e.target.value })}
            error={show('fromName')}
            placeholder="Acme"
          />
          <TextInput
            label="Reply-to"
            type="email"
            maxLength={320}
            value={v.replyTo}
            onChange={(e) => d.set({ replyTo: e.target.value })}
            error={show('replyTo')}
            hint="Optional: where replies go."
          />
        </div>
        {unverifiedFrom && !show('from') && (
          <p className="mt-3 flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              {fromDomain} is not a verified domain of this project, so sending may be refused.{' '}
              <TextLink to={to('domains')}>Verify a domain</TextLink>
            </span>
          </p>
        )}
      </Card>

      <Card title="Audience">
        <div className="space-y-4">
          <AudiencePicker
            audienceType={v.audienceType}
            segmentId={v.segmentId}
            filter={d.draft.filter}
            onChange={(p) => {
              if (p.filter) d.setFilter(p.filter);
              if (p.audienceType || p.segmentId !== undefined) {
                d.set({
                  ...(p.audienceType ? { audienceType: p.audienceType } : {}),
                  ...(p.segmentId !== undefined ? { segmentId: p.segmentId } : {}),
                });
              }
            }}
            options={d.fields.options}
            optionsError={d.fields.error}
            retryOptions={d.fields.retry}
            problems={problems}
            segmentError={show('segmentId')}
            filterMessage={filterMessage}
          />
          <AudienceCount
            audienceType={v.audienceType}
            segmentId={v.segmentId}
            audienceFilter={d.converted?.filters}
            emailType={v.emailType}
            incomplete={d.filterIncomplete}
          />
        </div>
      </Card>

      <Card
        title="Content"
        actions={
          templates.data && templates.data.templates.length > 0 ? (
            <select
              aria-label="Start from a template"
              value=""
              onChange={(e) => applyTemplate(e.target.value)}
              className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm"
            >
              <option value="">Start from a template…</option>
              {templates.data.templates.map((t) => (
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
            value={v.subject}
            onChange={(e) => d.set({ subject: e.target.value.replace(/[\r\n]/g, ' ') })}
            error={show('subject')}
            placeholder="What’s new this spring"
            hint={'Variables work here too: {{ name ?? "friend" }}'}
          />
          <Select
            label="Kind of email"
            value={v.emailType}
            onChange={(e) => d.set({ emailType: e.target.value as EmailType })}
            error={show('emailType')}
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
          <div className="min-w-0">
            <div id={bodyLabelId} className="mb-1 text-sm font-medium text-slate-700">
              Body (HTML)
            </div>
            <Suspense fallback={<Skeleton className="h-[520px] w-full" />}>
              <HtmlEditor
                value={v.body}
                onChange={(body) => d.set({ body })}
                label="Body (HTML)"
                describedBy={show('body') ? bodyErrorId : undefined}
                invalid={!!show('body')}
              />
            </Suspense>
            {show('body') && (
              <p id={bodyErrorId} className="mt-1 text-xs text-red-600">
                {show('body')}
              </p>
            )}
          </div>
          <TemplatePreview
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
    </div>
  );
}

const EMPTY_SAMPLE: Record<string, unknown> = {};
