/** Every campaign's deliveries, opens, clicks, bounces and unsubscribes, 20 at a time. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { BarChart3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type Tone } from '../../components/Layout.tsx';
import { TextLink } from '../../components/Links.tsx';
import { EmptyState, ErrorState, LoadingRows } from '../../components/States.tsx';
import { statusLabel } from '../../components/StatusBadge.tsx';
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
  const { t } = useTranslation();
  const project = useProject();
  const list = useInfiniteQuery(analyticsQueries.campaignStats(project));
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const columns: Column<Row>[] = [
    {
      key: 'name',
      header: t('Campaign'),
      cell: (c) => (
        <div className="min-w-0 max-w-[16rem]">
          <div className="truncate">
            <TextLink to={project.to('campaigns', c.id)}>{c.name}</TextLink>
          </div>
          <div className="text-xs text-slate-500">
            {c.sentAt ? t('Sent {date}', { date: formatDate(c.sentAt) }) : t('Not sent')}
          </div>
        </div>
      ),
    },
    {
      key: 'status',
      header: t('Status'),
      cell: (c) => <Badge tone={STATUS_TONE[c.status] ?? 'gray'}>{statusLabel(c.status)}</Badge>,
    },
    { key: 'sent', header: t('Sent'), cell: (c) => formatNumber(c.sent), className: FIGURE },
    { key: 'delivered', header: t('Delivered'), cell: (c) => ratePct(c, c.deliveryRate), className: FIGURE },
    { key: 'opened', header: t('Opened'), cell: (c) => ratePct(c, c.openRate), className: FIGURE },
    { key: 'clicked', header: t('Clicked'), cell: (c) => ratePct(c, c.clickRate), className: FIGURE },
    { key: 'bounced', header: t('Bounced'), cell: (c) => ratePct(c, c.bounceRate), className: FIGURE },
    {
      key: 'unsubscribed',
      header: t('Unsubscribed'),
      cell: (c) => formatNumber(c.unsubscribed),
      className: `hidden xl:table-cell ${FIGURE}`,
    },
  ];
  return (
    <section aria-labelledby="campaign-breakdown">
      <h2 id="campaign-breakdown" className="mb-3 text-sm font-semibold text-slate-900">
        {t('Campaign performance')}
      </h2>
      {list.isPending && <LoadingRows rows={4} label={t('Loading campaign performance')} />}
      {list.isError && <ErrorState error={list.error} retry={() => list.refetch()} />}
      {list.isSuccess && rows.length === 0 && (
        <EmptyState
          icon={<BarChart3 className="size-8" aria-hidden />}
          title={t('No campaigns yet')}
          description={t("Each campaign's deliveries, opens, clicks and bounces appear here once it is sent.")}
        />
      )}
      {rows.length > 0 && (
        <>
          <Table caption={t('Campaign performance')} columns={columns} rows={rows} rowKey={(c) => c.id} />
          <LoadMore list={list} />
        </>
      )}
    </section>
  );
}
