/**
 * What a campaign past its draft sent (or will send): sender, audience, topic, kind, when (a local
 * time in each zone), its A/B variants, and the email itself.
 */
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/session.ts';
import { EmailPreview } from '../../components/EmailPreview.tsx';
import { Card } from '../../components/Layout.tsx';
import { TextLink } from '../../components/Links.tsx';
import { ServerPreview } from '../../editor/ServerPreview.tsx';
import { fromApi } from '../../filters/convert.ts';
import { describeFilter } from '../../filters/describe.ts';
import { countConditions } from '../../filters/tree.ts';
import { useFieldOptions } from '../../filters/use-field-options.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import type { Campaign } from '../../queries/campaigns.ts';
import { segmentQueries } from '../../queries/segments.ts';
import { topicQueries } from '../../queries/topics.ts';
import { EMAIL_TYPES } from './campaign-model.ts';
import { localSendText } from './local-send.ts';

const NO_SAMPLE: Record<string, unknown> = {};

export function CampaignEmailCard({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const me = useMe();
  const sender = campaign.fromName ? `${campaign.fromName} <${campaign.from}>` : campaign.from;
  const kind = EMAIL_TYPES.find((type) => type.id === campaign.emailType);
  return (
    <Card title={t('The email')}>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
        <dl className="space-y-3 text-sm">
          <Item term={t('From')}>
            <span className="break-all">{sender}</span>
          </Item>
          {campaign.replyTo && (
            <Item term={t('Reply-to')}>
              <span className="break-all">{campaign.replyTo}</span>
            </Item>
          )}
          <Item term={t('Audience')}>
            <AudienceText campaign={campaign} />
          </Item>
          {campaign.topicId && (
            <Item term={t('Topic')}>
              <TopicName id={campaign.topicId} />
            </Item>
          )}
          <Item term={t('Kind')}>{kind ? t(kind.label) : campaign.emailType}</Item>
          {campaign.localSend && <Item term={t('Delivery')}>{localSendText(campaign.localSend)}</Item>}
          {campaign.variants.length > 0 && (
            <Item term={t('Variants')}>
              <ul>
                {campaign.variants.map((v) => (
                  <li key={v.name}>
                    <span className="font-medium">{v.name}</span>: {v.subject}
                  </li>
                ))}
              </ul>
            </Item>
          )}
          {campaign.description && <Item term={t('Note')}>{campaign.description}</Item>}
          <Item term={t('Created')}>{formatDateTime(campaign.createdAt)}</Item>
        </dl>
        {campaign.format === 'HTML' ? (
          <EmailPreview
            subject={campaign.subject}
            body={campaign.body}
            from={campaign.from}
            fromName={campaign.fromName ?? ''}
            type={campaign.emailType}
            email={me.data?.email ?? 'jane@example.com'}
            sample={NO_SAMPLE}
            height={420}
          />
        ) : (
          <ServerPreview
            body={{
              format: campaign.format,
              subject: campaign.subject,
              type: campaign.emailType,
              ...(campaign.format === 'BLOCKS' && campaign.document
                ? { document: campaign.document }
                : { body: campaign.body }),
            }}
            from={campaign.from}
            fromName={campaign.fromName ?? ''}
            height={420}
          />
        )}
      </div>
    </Card>
  );
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-slate-500">{term}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

/** The topic's name, linked to the topics; a deleted one says so. */
function TopicName({ id }: { id: string }) {
  const { t } = useTranslation();
  const project = useProject();
  const topics = useQuery(topicQueries.list(project));
  if (!topics.data) return <>{t('A topic')}</>;
  const topic = topics.data.find((x) => x.id === id);
  return topic ? <TextLink to={project.to('topics')}>{topic.name}</TextLink> : t('A topic that was deleted');
}

/** Who it goes to, in words: everyone, a segment (linked), or the filter read out. */
function AudienceText({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const project = useProject();
  const segments = useQuery({ ...segmentQueries.list(project), enabled: campaign.audienceType === 'SEGMENT' });
  const { options } = useFieldOptions();
  const tree = useMemo(() => fromApi(campaign.audienceFilter), [campaign.audienceFilter]);
  if (campaign.audienceType === 'ALL') return <>{t('All contacts')}</>;
  if (campaign.audienceType === 'SEGMENT') {
    const segment = segments.data?.find((s) => s.id === campaign.segmentId);
    if (!segments.data) return <>{t('A segment')}</>;
    return segment ? (
      <TextLink to={project.to('segments', segment.id)}>{segment.name}</TextLink>
    ) : (
      t('A segment that was deleted')
    );
  }
  if (countConditions(tree) === 0) return <>{t('Every contact (empty filter)')}</>;
  return (
    <>
      {t(
        '{logic, select, AND {Contacts matching all of: {conditions}} other {Contacts matching any of: {conditions}}}',
        {
          logic: tree.logic,
          conditions: describeFilter(tree, options ?? []).join('; '),
        },
      )}
    </>
  );
}
