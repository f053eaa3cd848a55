/** The project's campaigns, newest first, by status; status and page live in the URL. */

import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { Megaphone, Plus } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LinkButton } from '../../components/Button.tsx';
import { PageHeader, Tabs } from '../../components/Layout.tsx';
import { TextLink } from '../../components/Links.tsx';
import { ListStates } from '../../components/ListScreen.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { EmptyState } from '../../components/States.tsx';
import { statusesOf } from '../../components/StatusBadge.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { msg } from '../../i18n/msg.ts';
import { formatDateTime, formatNumber, formatPercent } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { useSearchParamPatch } from '../../lib/url-state.ts';
import { type CampaignSummary, campaignQueries } from '../../queries/campaigns.ts';
import { CampaignStatusBadge } from './CampaignHeader.tsx';
import { CAMPAIGN_STATUS, type CampaignStatus } from './campaign-model.ts';

type Filter = 'all' | CampaignStatus;

const STATUSES = statusesOf(CAMPAIGN_STATUS);

const PAGE_SIZE = 20;

const AUDIENCE: Record<CampaignSummary['audienceType'], string> = {
  ALL: msg('All contacts'),
  SEGMENT: msg('Segment'),
  FILTERED: msg('Filter'),
};

/** A campaign's open or click rate from the list's own numbers; a dash before anything went out. */
function rate(campaign: CampaignSummary, metric: 'openRate' | 'clickRate') {
  return campaign.sentCount > 0 ? formatPercent(campaign[metric] / 100) : <span className="text-slate-500">—</span>;
}

/** When the campaign went out, is due to, or was last touched. */
function when(c: CampaignSummary): { kind: 'scheduled' | 'sent' | 'started' | 'cancelled' | 'edited'; iso: string } {
  if (c.status === 'SCHEDULED' && c.scheduledAt) return { kind: 'scheduled', iso: c.scheduledAt };
  if (c.status === 'SENT' && c.sentAt) return { kind: 'sent', iso: c.sentAt };
  if (c.status === 'SENDING' && c.startedAt) return { kind: 'started', iso: c.startedAt };
  if (c.status === 'CANCELLED' && c.cancelledAt) return { kind: 'cancelled', iso: c.cancelledAt };
  return { kind: 'edited', iso: c.updatedAt };
}

/** A moment to come, written out (a relative time is for what has happened). */
function ExactTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}

export function CampaignsPage() {
  const { t } = useTranslation();
  const project = useProject();
  const { to } = project;
  const [search] = useSearchParams();
  const patch = useSearchParamPatch();
  const raw = search.get('status');
  const status: Filter = STATUSES.find((s) => s === raw) ?? 'all';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const list = useQuery({
    ...campaignQueries.list(project, { status: status === 'all' ? undefined : status, page, pageSize: PAGE_SIZE }),
    // A list showing a campaign that is sending follows it to the end.
    refetchInterval: (q) => (q.state.data?.campaigns.some((c) => c.status === 'SENDING') ? 3000 : false),
  });
  const set = (next: { status?: Filter; page?: number }) =>
    patch({
      ...(next.status !== undefined
        ? { status: next.status === 'all' ? undefined : next.status, page: undefined }
        : {}),
      ...(next.page !== undefined ? { page: next.page <= 1 ? undefined : String(next.page) } : {}),
    });
  const newButton = (
    <LinkButton to={to('campaigns', 'new')} icon={<Plus className="size-4" aria-hidden />}>
      {t('New campaign')}
    </LinkButton>
  );
  const columns = columnsOf(to, t);
  return (
    <>
      <PageHeader
        title={t('Campaigns')}
        description={t('One email to many contacts: now, or at a time you choose.')}
        actions={newButton}
      />
      <Tabs<Filter>
        label={t('Campaign status')}
        value={status}
        onChange={(s) => set({ status: s })}
        tabs={[
          { id: 'all', label: t('All') },
          ...STATUSES.map((s) => ({
            id: s,
            label: t(
              '{status, select, DRAFT {Drafts} SCHEDULED {Scheduled} SENDING {Sending} SENT {Sent} other {Cancelled}}',
              { status: s },
            ),
          })),
        ]}
      />
      <ListStates
        query={list}
        loadingLabel={t('Loading campaigns')}
        loadingRows={5}
        isEmpty={(data) => data.total === 0}
        paging={(data) =>
          data.totalPages > 1
            ? {
                label: t('Page {page} of {pages}', { page: data.page, pages: data.totalPages }),
                onPrev: page > 1 ? () => set({ page: page - 1 }) : undefined,
                onNext: page < data.totalPages ? () => set({ page: page + 1 }) : undefined,
              }
            : undefined
        }
        empty={
          status === 'all' ? (
            <EmptyState
              icon={<Megaphone className="size-8" aria-hidden />}
              title={t('No campaigns yet')}
              description={t('Write an email, pick who gets it, test it, then send it now or schedule it.')}
              action={newButton}
            />
          ) : (
            <EmptyState
              title={t(
                '{status, select, DRAFT {No draft campaigns} SCHEDULED {No scheduled campaigns} SENDING {No sending campaigns} SENT {No sent campaigns} other {No cancelled campaigns}}',
                { status },
              )}
              description={t('Try another tab.')}
            />
          )
        }
      >
        {(data) => (
          <Table<CampaignSummary>
            caption={t('Campaigns')}
            rowKey={(c) => c.id}
            rows={data.campaigns}
            columns={columns}
          />
        )}
      </ListStates>
    </>
  );
}

/** The list's columns; `to` makes the links of the project. */
function columnsOf(to: (...segments: string[]) => string, t: TFunction): Column<CampaignSummary>[] {
  return [
    {
      key: 'name',
      header: t('Campaign'),
      cell: (c) => (
        <div className="min-w-0 max-w-md">
          <TextLink to={to('campaigns', c.id)}>{c.name}</TextLink>
          <p className="truncate text-xs text-slate-500">{c.subject}</p>
        </div>
      ),
    },
    { key: 'status', header: t('Status'), cell: (c) => <CampaignStatusBadge status={c.status} /> },
    { key: 'audience', header: t('Audience'), cell: (c) => t(AUDIENCE[c.audienceType]) },
    {
      key: 'recipients',
      header: t('Recipients'),
      className: 'text-right tabular-nums',
      cell: (c) => (c.status === 'DRAFT' ? <span className="text-slate-500">—</span> : formatNumber(c.totalRecipients)),
    },
    {
      key: 'opens',
      header: t('Opens'),
      className: 'text-right tabular-nums',
      cell: (c) => rate(c, 'openRate'),
    },
    {
      key: 'clicks',
      header: t('Clicks'),
      className: 'text-right tabular-nums',
      cell: (c) => rate(c, 'clickRate'),
    },
    {
      key: 'when',
      header: t('When'),
      cell: (c) => {
        const w = when(c);
        return (
          <span className="whitespace-nowrap">
            <Trans
              i18nKey="{kind, select, scheduled {<label>Sends</label> <time></time>} sent {<label>Sent</label> <time></time>} started {<label>Started</label> <time></time>} cancelled {<label>Cancelled</label> <time></time>} other {<label>Edited</label> <time></time>}}"
              values={{ kind: w.kind }}
              components={{
                label: <span className="text-slate-500" />,
                time: w.kind === 'scheduled' ? <ExactTime iso={w.iso} /> : <RelativeTime iso={w.iso} />,
              }}
            />
          </span>
        );
      },
    },
  ];
}
