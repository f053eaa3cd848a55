/** Tracked events, newest first, a page at a time (GET /events), optionally of one name. */

import { useInfiniteQuery } from '@tanstack/react-query';
import { Activity } from 'lucide-react';
import type { ReactNode } from 'react';
import { useProject } from '../../app/project-context.tsx';
import { Button } from '../../components/Button.tsx';
import { ContactLink, TextLink } from '../../components/Links.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { EmptyState, ErrorState, LoadingRows } from '../../components/States.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { formatNumber } from '../../lib/format.ts';
import { eventsKey, summarizeData, type TrackedEvent } from './queries.ts';

const PAGE = 25;

export function EventTable({ name, empty }: { name?: string; empty?: ReactNode }) {
  const { api, projectId, to } = useProject();
  const events = useInfiniteQuery({
    queryKey: [...eventsKey(projectId), 'list', name ?? null],
    queryFn: ({ pageParam }) => api.get('/events', { query: { name, limit: PAGE, cursor: pageParam || undefined } }),
    initialPageParam: '',
    getNextPageParam: (last) => (last.hasMore ? last.cursor : undefined),
  });

  if (events.isPending) return <LoadingRows rows={6} label="Loading events" />;
  if (events.isError) return <ErrorState error={events.error} retry={() => events.refetch()} />;
  const rows = events.data.pages.flatMap((p) => p.data);
  const total = events.data.pages[0]?.total ?? 0;
  if (rows.length === 0) {
    return (
      <>
        {empty ?? (
          <EmptyState
            icon={<Activity className="size-8" aria-hidden />}
            title="No events yet"
            description="Events appear here as soon as they are tracked."
          />
        )}
      </>
    );
  }

  const columns: Column<TrackedEvent>[] = [
    {
      key: 'when',
      header: 'When',
      cell: (e) => <RelativeTime iso={e.createdAt} className="whitespace-nowrap text-slate-600" />,
      className: 'w-36',
    },
    ...(name
      ? []
      : [
          {
            key: 'name',
            header: 'Event',
            cell: (e: TrackedEvent) => (
              <TextLink to={to('events', e.name)} className="font-mono text-[13px]">
                {e.name}
              </TextLink>
            ),
          },
        ]),
    {
      key: 'contact',
      header: 'Contact',
      cell: (e) => (e.contactId ? <ContactLink id={e.contactId} /> : <span className="text-slate-500">None</span>),
    },
    {
      key: 'data',
      header: 'Data',
      cell: (e) => {
        const keys = Object.keys(e.data);
        if (keys.length === 0) return <span className="text-slate-500">—</span>;
        return (
          <code className="block max-w-md truncate text-xs text-slate-600" title={JSON.stringify(e.data, null, 2)}>
            {summarizeData(e.data)}
          </code>
        );
      },
    },
  ];

  return (
    <div>
      <Table
        caption={name ? `Recent ${name} events` : 'Recent events'}
        columns={columns}
        rows={rows}
        rowKey={(e) => e.id}
      />
      <div className="mt-3 flex items-center justify-between text-sm text-slate-600">
        <span>
          Showing {formatNumber(rows.length)}
          {total > 0 && <> of {formatNumber(total)}</>}
        </span>
        {events.hasNextPage && (
          <Button
            variant="secondary"
            size="sm"
            loading={events.isFetchingNextPage}
            onClick={() => events.fetchNextPage()}
          >
            Load more
          </Button>
        )}
      </div>
    </div>
  );
}
