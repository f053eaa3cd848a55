/**
 * The campaign form: name (and whether the public archive shows it once sent), sender, audience
 * (with its topic and live count), content and its A/B test. The API's refusals land on their fields: a sender off the verified domains under "From
 * address", a bad condition on its row of the audience filter, a variant's field at that variant;
 * anything else above the form.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { Callout } from '../../components/Callout.tsx';
import { TextInput } from '../../components/Field.tsx';
import { Card } from '../../components/Layout.tsx';
import { TextLink } from '../../components/Links.tsx';
import { FormError } from '../../components/States.tsx';
import { TopicSelect } from '../../components/TopicSelect.tsx';
import { apiProblems } from '../../filters/convert.ts';
import { useProject } from '../../lib/project-context.tsx';
import { domainQueries } from '../../queries/domains.ts';
import { AbTestCard } from './AbTestCard.tsx';
import { ArchiveSwitch } from './ArchiveSetting.tsx';
import { AudienceCount, AudiencePicker } from './AudiencePicker.tsx';
import { CampaignContentCard } from './CampaignContentCard.tsx';
import { domainOf, onVerifiedDomain } from './campaign-model.ts';
import type { CampaignDraft } from './use-campaign-draft.ts';

export function CampaignForm({ d, isNew = false }: { d: CampaignDraft; isNew?: boolean }) {
  const { t } = useTranslation();
  const v = d.value;
  const { converted, refusal, tried } = d;
  // The filter's rows: the API's refusals of them, and what they lack once a save was tried.
  const problems = useMemo(
    () => ({ ...(converted ? apiProblems(refusal, converted.paths) : {}), ...(tried ? converted?.problems : {}) }),
    [converted, tried, refusal],
  );
  const filterMessage =
    refusal instanceof ApiError ? refusal.errors.find((e) => e.field === 'audienceFilter')?.message : undefined;

  return (
    <div className="space-y-5">
      <FormError error={d.formError} />
      <Card title={t('Campaign')}>
        <div className="grid gap-4 md:grid-cols-2">
          <TextInput
            label={t('Name')}
            required
            maxLength={200}
            {...d.text('name')}
            placeholder={t('Spring product update')}
            hint={t('Only your team sees it.')}
          />
          <TextInput
            label={t('Description')}
            maxLength={2000}
            {...d.text('description')}
            hint={t('Optional note for your team.')}
          />
        </div>
        <div className="mt-4">
          <ArchiveSwitch checked={v.archive} onChange={(archive) => d.set({ archive })} />
          {d.error('archive') && <p className="mt-1 text-xs text-red-600">{d.error('archive')}</p>}
        </div>
      </Card>
      <SenderCard d={d} />
      <Card title={t('Audience')}>
        <div className="space-y-4">
          <AudiencePicker
            audienceType={v.audienceType}
            segmentId={v.segmentId}
            filter={v.filter}
            onChange={d.set}
            options={d.fields.options}
            optionsError={d.fields.error}
            retryOptions={d.fields.retry}
            problems={problems}
            segmentError={d.error('segmentId')}
            filterMessage={filterMessage}
          />
          <div className="max-w-md">
            <TopicSelect value={v.topicId} onChange={(topicId) => d.set({ topicId })} error={d.error('topicId')} />
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
      <CampaignContentCard d={d} isNew={isNew} />
      <AbTestCard d={d} />
    </div>
  );
}

/** From address (offered on the verified domains, warned about off them), from name and reply-to. */
function SenderCard({ d }: { d: CampaignDraft }) {
  const { t } = useTranslation();
  const project = useProject();
  const domains = useQuery(domainQueries.list(project));
  const v = d.value;
  const verified = (domains.data ?? []).filter((x) => x.verified).map((x) => x.domain);
  const fromDomain = domainOf(v.from);
  const unverifiedFrom = domains.data && fromDomain && v.from.includes('@') && !onVerifiedDomain(v.from, verified);
  return (
    <Card title={t('Sender')}>
      <div className="grid gap-4 md:grid-cols-3">
        <TextInput
          label={t('From address')}
          type="email"
          required
          list="verified-senders"
          {...d.text('from')}
          placeholder={verified[0] ? `hello@${verified[0]}` : 'hello@yourdomain.com'}
          hint={
            verified.length > 0
              ? t('On a verified domain: {domains}', { domains: verified.join(', ') })
              : t('Must be on a verified domain.')
          }
        />
        <datalist id="verified-senders">
          {verified.map((domain) => (
            <option key={domain} value={`hello@${domain}`} />
          ))}
        </datalist>
        {/* i18n-ignore: an example sender name (a brand) */}
        <TextInput label={t('From name')} maxLength={200} {...d.text('fromName')} placeholder="Acme" />
        <TextInput
          label={t('Reply-to')}
          type="email"
          maxLength={320}
          {...d.text('replyTo')}
          hint={t('Optional: where replies go.')}
        />
      </div>
      {unverifiedFrom && !d.error('from') && (
        <Callout tone="warning" className="mt-3">
          <p>
            {t('{domain} is not a verified domain of this project, so sending may be refused.', { domain: fromDomain })}{' '}
            <TextLink to={project.to('domains')}>{t('Verify a domain')}</TextLink>
          </p>
        </Callout>
      )}
    </Card>
  );
}
