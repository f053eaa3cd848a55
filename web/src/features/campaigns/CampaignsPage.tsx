/** The project's campaigns, newest first, by status; status and page live in the URL. */

import { useQuery } from '@tanstack/react-query';
import { Megaphone, Plus } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { LinkButton } from '../../components/Button.tsx';
import { PageHeader, Tabs } from '../../components/Layout.tsx';
import { TextLink } from '../../components/Links.tsx';
import { ListStates } from '../../components/ListScreen.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { EmptyState } from '../../components/States.tsx';
import { statusesOf, statusLabel } from '../../components/StatusBadge.tsx';
import { type Column, Table } from '../../components/Table.tsx';
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
  ALL: 'All contacts',
  SEGMENT: 'Segment',
  FILTERED: 'Filter',
};

/** A campaign's open or click rate from the list's own numbers; a dash before anything went out. */
function rate(campaign: CampaignSummary, metric: 'openRate' | 'clickRate') {
  return campaign.sentCount > 0 ? formatPercent(campaign[metric] / 100) : <span className="text-slate-500">—</span>;
}

/** When the campaign went out, is due to, or was last touched. */
function when(c: CampaignSummary) {
  if (c.status === 'SCHEDULED' && c.scheduledAt) return { label: 'Sends', iso: c.scheduledAt };
  if (c.status === 'SENT' && c.sentAt) return { label: 'Sent', iso: c.sentAt };
  if (c.status === 'SENDING' && c.startedAt) return { label: 'Started', iso: c.startedAt };
  if (c.status === 'CANCELLED' && c.cancelledAt) return { label: 'Cancelled', iso: c.cancelledAt };
  return { label: 'Edited', iso: c.updatedAt };
}

export function CampaignsPage() {
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
      New campaign
    </LinkButton>
  );
  const columns = columnsOf(to);
  return (
    <>
      <PageHeader
        title="Campaigns"
        description="One email to many contacts: now, or at a time you choose."
        actions={newButton}
      />
      <Tabs<Filter>
        label="Campaign status"
        value={status}
        onChange={(s) => set({ status: s })}
        tabs={[
          { id: 'all', label: 'All' },
          ...STATUSES.map((s) => ({ id: s, label: s === 'DRAFT' ? 'Drafts' : statusLabel(s) })),
        ]}
      />
      <ListStates
        query={list}
        loadingLabel="Loading campaigns"
        loadingRows={5}
        isEmpty={(data) => data.total === 0}
        paging={(data) =>
          data.totalPages > 1
            ? {
                label: `Page ${data.page} of ${data.totalPages}`,
                onPrev: page > 1 ? () => set({ page: page - 1 }) : undefined,
                onNext: page < data.totalPages ? () => set({ page: page + 1 }) : undefined,
              }
            : undefined
        }
        empty={
          status === 'all' ? (
            <EmptyState
              icon={<Megaphone className="size-8" aria-hidden />}
              title="No campaigns yet"
              description="Write an email, pick who gets it, test it, then send it now or schedule it."
              action={newButton}
            />
          ) : (
            <EmptyState title={`No ${statusLabel(status).toLowerCase()} campaigns`} description="Try another tab." />
          )
        }
      >
        {(data) => (
          <Table<CampaignSummary> caption="Campaigns" rowKey={(c) => c.id} rows={data.campaigns} columns={columns} />
        )}
      </ListStates>
    </>
  );
}

/** The list's columns; `to` makes the links of the project. */
function columnsOf(to: (...segments: string[]) => string): Column<CampaignSummary>[] {
  return [
    {
      key: 'name',
      header: 'Campaign',
      cell: (c) => (
        <div className="min-w-0 max-w-md">
          <TextLink to={to('campaigns', c.id)}>{c.name}</TextLink>
          <p className="truncate text-xs text-slate-500">{c.subject}</p>
        </div>
      ),
    },
    { key: 'status', header: 'Status', cell: (c) => <CampaignStatusBadge status={c.status} /> },
    { key: 'audience', header: 'Audience', cell: (c) => AUDIENCE[c.audienceType] },
    {
      key: 'recipients',
      header: 'Recipients',
      className: 'text-right tabular-nums',
      cell: (c) => (c.status === 'DRAFT' ? <span className="text-slate-500">—</span> : formatNumber(c.totalRecipients)),
    },
    {
      key: 'opens',
      header: 'Opens',
      className: 'text-right tabular-nums',
      cell: (c) => rate(c, 'openRate'),
    },
    {
      key: 'clicks',
      header: 'Clicks',
      className: 'text-right tabular-nums',
      cell: (c) => rate(c, 'clickRate'),
    },
    {
      key: 'when',
      header: 'When',
      cell: (c) => {
        const w = when(c);
        return (
          <span className="whitespace-nowrap">
            <span className="text-slate-500">{w.label} </span>
            {c.status === 'SCHEDULED' ? (
              <time dateTime={w.iso}>{formatDateTime(w.iso)}</time>
            ) : (
              <RelativeTime iso={w.iso} />
            )}
          </span>
        );
      },
    },
  ];
}
