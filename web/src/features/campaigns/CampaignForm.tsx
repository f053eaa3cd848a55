/**
 * The campaign form: name, sender, audience (with its topic and live count) and content. The API's refusals
 * land on their fields: a sender off the verified domains under "From address", a bad condition on
 * its row of the audience filter; anything else above the form.
 */
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { useMemo } from 'react';
import { ApiError, fieldError } from '../../api/client.ts';
import { TextInput } from '../../components/Field.tsx';
import { Card } from '../../components/Layout.tsx';
import { TextLink } from '../../components/Links.tsx';
import { FormError } from '../../components/States.tsx';
import { TopicSelect } from '../../components/TopicSelect.tsx';
import { nodeForErrorPath } from '../../filters/convert.ts';
import { useProject } from '../../lib/project-context.tsx';
import { domainQueries } from '../../queries/domains.ts';
import { AudienceCount, AudiencePicker } from './AudiencePicker.tsx';
import { CampaignContentCard } from './CampaignContentCard.tsx';
import { domainOf, onVerifiedDomain } from './campaign-model.ts';
import { bindField, type CampaignDraft, type ShowError } from './use-campaign-draft.ts';

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
  'topicId',
];

/** The error for above the form: none when every message of it is shown on a field. */
function generalError(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  if (error.code === 'UNVERIFIED_DOMAIN') return null;
  const onFields =
    error.errors.length > 0 && error.errors.every((e) => FORM_FIELDS.some((f) => e.field?.startsWith(f)));
  return onFields ? null : error;
}

export function CampaignForm({ d, error, tried }: { d: CampaignDraft; error: unknown; tried: boolean }) {
  const v = d.draft.values;
  const show: ShowError = (field) => apiFieldError(error, field) ?? (tried ? d.missing[field] : undefined);
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
  const filterMessage =
    error instanceof ApiError ? error.errors.find((e) => e.field === 'audienceFilter')?.message : undefined;

  return (
    <div className="space-y-5">
      <FormError error={generalError(error)} />
      <Card title="Campaign">
        <div className="grid gap-4 md:grid-cols-2">
          <TextInput
            label="Name"
            required
            maxLength={200}
            {...bindField(d, show, 'name')}
            placeholder="Spring product update"
            hint="Only your team sees it."
          />
          <TextInput
            label="Description"
            maxLength={2000}
            {...bindField(d, show, 'description')}
            hint="Optional note for your team."
          />
        </div>
      </Card>
      <SenderCard d={d} show={show} />
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
          <div className="max-w-md">
            <TopicSelect
              value={v.topicId}
              onChange={(topicId) => d.set({ topicId })}
              error={apiFieldError(error, 'topicId')}
            />
          </div>
          <AudienceCount
            audienceType={v.audienceType}
            segmentId={v.segmentId}
            audienceFilter={d.converted?.filters}
            emailType={v.emailType}
            topicId={v.topicId}
            incomplete={d.filterIncomplete}
          />
        </div>
      </Card>
      <CampaignContentCard d={d} show={show} />
    </div>
  );
}

/** From address (offered on the verified domains, warned about off them), from name and reply-to. */
function SenderCard({ d, show }: { d: CampaignDraft; show: ShowError }) {
  const project = useProject();
  const domains = useQuery(domainQueries.list(project));
  const v = d.draft.values;
  const verified = (domains.data ?? []).filter((x) => x.verified).map((x) => x.domain);
  const fromDomain = domainOf(v.from);
  const unverifiedFrom = domains.data && fromDomain && v.from.includes('@') && !onVerifiedDomain(v.from, verified);
  return (
    <Card title="Sender">
      <div className="grid gap-4 md:grid-cols-3">
        <TextInput
          label="From address"
          type="email"
          required
          list="verified-senders"
          {...bindField(d, show, 'from')}
          placeholder={verified[0] ? `hello@${verified[0]}` : 'hello@yourdomain.com'}
          hint={verified.length > 0 ? `On a verified domain: ${verified.join(', ')}` : 'Must be on a verified domain.'}
        />
        <datalist id="verified-senders">
          {verified.map((domain) => (
            <option key={domain} value={`hello@${domain}`} />
          ))}
        </datalist>
        <TextInput label="From name" maxLength={200} {...bindField(d, show, 'fromName')} placeholder="Acme" />
        <TextInput
          label="Reply-to"
          type="email"
          maxLength={320}
          {...bindField(d, show, 'replyTo')}
          hint="Optional: where replies go."
        />
      </div>
      {unverifiedFrom && !show('from') && (
        <p className="mt-3 flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {fromDomain} is not a verified domain of this project, so sending may be refused.{' '}
            <TextLink to={project.to('domains')}>Verify a domain</TextLink>
          </span>
        </p>
      )}
    </Card>
  );
}
