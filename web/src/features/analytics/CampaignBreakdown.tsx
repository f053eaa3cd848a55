/** Every campaign's deliveries, opens, clicks, bounces and unsubscribes, 20 at a time. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { BarChart3 } from 'lucide-react';
import { Badge, type Tone } from '../../components/Layout.tsx';
import { TextLink } from '../../components/Links.tsx';
import { EmptyState, ErrorState, LoadingRows } from '../../components/States.tsx';
import { type Column, LoadMore, Table } from '../../components/Table.tsx';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { analyticsQueries, type CampaignBreakdownRow as Row } from '../../queries/analytics.ts';
import { apiPercent } from './ranges.ts';

const STATUS_TONE: Record<string, Tone> = {
  DRAFT: 'gray',
  SCHEDULED: 'blue',
  SENDING: 'yellow',
  SENT: 'green',
  CANCELLED: 'red',
};

/** A campaign's rate, or a dash while it has sent nothing (0% would read as a result). */
const ratePct = (c: Row, value: number) => (c.sent > 0 ? apiPercent(value) : <span className="text-slate-500">—</span>);

const FIGURE = 'text-right tabular-nums';

export function CampaignBreakdown() {
  const project = useProject();
  const list = useInfiniteQuery(analyticsQueries.campaignStats(project));
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const columns: Column<Row>[] = [
    {
      key: 'name',
      header: 'Campaign',
      cell: (c) => (
        <div className="min-w-0 max-w-[16rem]">
          <div className="truncate">
            <TextLink to={project.to('campaigns', c.id)}>{c.name}</TextLink>
          </div>
          <div className="text-xs text-slate-500">{c.sentAt ? `Sent ${formatDate(c.sentAt)}` : 'Not sent'}</div>
        </div>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (c) => (
        <Badge tone={STATUS_TONE[c.status] ?? 'gray'}>{c.status.charAt(0) + c.status.slice(1).toLowerCase()}</Badge>
      ),
    },
    { key: 'sent', header: 'Sent', cell: (c) => formatNumber(c.sent), className: FIGURE },
    { key: 'delivered', header: 'Delivered', cell: (c) => ratePct(c, c.deliveryRate), className: FIGURE },
    { key: 'opened', header: 'Opened', cell: (c) => ratePct(c, c.openRate), className: FIGURE },
    { key: 'clicked', header: 'Clicked', cell: (c) => ratePct(c, c.clickRate), className: FIGURE },
    { key: 'bounced', header: 'Bounced', cell: (c) => ratePct(c, c.bounceRate), className: FIGURE },
    {
      key: 'unsubscribed',
      header: 'Unsubscribed',
      cell: (c) => formatNumber(c.unsubscribed),
      className: `hidden xl:table-cell ${FIGURE}`,
    },
  ];
  return (
    <section aria-labelledby="campaign-breakdown">
      <h2 id="campaign-breakdown" className="mb-3 text-sm font-semibold text-slate-900">
        Campaign performance
      </h2>
      {list.isPending && <LoadingRows rows={4} label="Loading campaign performance" />}
      {list.isError && <ErrorState error={list.error} retry={() => list.refetch()} />}
      {list.isSuccess && rows.length === 0 && (
        <EmptyState
          icon={<BarChart3 className="size-8" aria-hidden />}
          title="No campaigns yet"
          description="Each campaign's deliveries, opens, clicks and bounces appear here once it is sent."
        />
      )}
      {rows.length > 0 && (
        <>
          <Table caption="Campaign performance" columns={columns} rows={rows} rowKey={(c) => c.id} />
          <LoadMore list={list} />
        </>
      )}
    </section>
  );
}
