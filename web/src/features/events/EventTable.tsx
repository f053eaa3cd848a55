/**
 * Tracked events, newest first, a page at a time (GET /events), optionally of one name. The page is
 * kept in the URL (`?cursor=`), so a reload or Back shows the same events.
 */
import { useQuery } from '@tanstack/react-query';
import { Activity } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactLink } from '../../components/Links.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { EmptyState, ErrorState, LoadingRows } from '../../components/States.tsx';
import { type Column, Pager, Table } from '../../components/Table.tsx';
import { msg } from '../../i18n/msg.ts';
import { useProject } from '../../lib/project-context.tsx';
import { useCursorPaging } from '../../lib/url-state.ts';
import { eventQueries, type TrackedEvent } from '../../queries/events.ts';
import { EventNameLink } from './EventNameLink.tsx';
import { summarizeData } from './summary.ts';

const PAGE_SIZE = 25;

export function EventTable({ name, empty }: { name?: string; empty?: ReactNode }) {
  const { t } = useTranslation();
  const scope = useProject();
  const paging = useCursorPaging();
  const query = { name, limit: PAGE_SIZE };
  const events = useQuery(eventQueries.list(scope, { ...query, cursor: paging.cursor }));
  // `total` comes with the first page only; that page stays cached while later ones are shown.
  const total = useQuery(eventQueries.list(scope, query)).data?.total;

  if (events.isPending) return <LoadingRows rows={6} label={t('Loading events')} />;
  if (events.isError) return <ErrorState error={events.error} retry={() => events.refetch()} />;
  const page = events.data;
  if (page.data.length === 0 && !paging.hasPrev) {
    return (
      empty ?? (
        <EmptyState
          icon={<Activity className="size-8" aria-hidden />}
          title={t('No events yet')}
          description={t('Events appear here as soon as they are tracked.')}
        />
      )
    );
  }

  const columns: Column<TrackedEvent>[] = [
    {
      key: 'when',
      header: t('When'),
      cell: (e) => <RelativeTime iso={e.createdAt} className="whitespace-nowrap text-slate-600" />,
      className: 'w-36',
    },
    ...(name
      ? []
      : [
          {
            key: 'name',
            header: t('Event'),
            cell: (e: TrackedEvent) => <EventNameLink name={e.name} />,
          },
        ]),
    {
      key: 'contact',
      header: t('Contact'),
      cell: (e) =>
        e.contactId ? (
          <ContactLink id={e.contactId} />
        ) : (
          <span className="text-slate-500">{t(msg('None', 'contact'))}</span>
        ),
    },
    {
      key: 'data',
      header: t('Data'),
      cell: (e) => {
        if (Object.keys(e.data).length === 0) return <span className="text-slate-500">—</span>;
        return (
          <code className="block max-w-md truncate text-xs text-slate-600" title={JSON.stringify(e.data, null, 2)}>
            {summarizeData(e.data)}
          </code>
        );
      },
    },
  ];

  return (
    <div className={events.isPlaceholderData ? 'opacity-60' : undefined}>
      <Table
        caption={name ? t('Recent {name} events', { name }) : t('Recent events')}
        columns={columns}
        rows={page.data}
        rowKey={(e) => e.id}
      />
      <Pager
        label={total !== undefined ? t('{count, plural, one {# event} other {# events}}', { count: total }) : undefined}
        onPrev={paging.hasPrev ? paging.prev : undefined}
        onNext={page.hasMore ? () => paging.next(page.cursor) : undefined}
      />
    </div>
  );
}
