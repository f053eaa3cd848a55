/**
 * The project's activity feed: sends, opens, clicks, bounces, events, subscriptions, campaign and
 * workflow milestones, newest first, a page at a time (keyset cursor). Filters (type, dates) live in
 * the URL. While the newest items are shown, the screen checks every few seconds for newer ones and
 * offers to load them; figures for the period and what is coming up sit alongside.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ArrowUp, History } from 'lucide-react';
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/Layout.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/States.tsx';
import { LoadMore } from '../../components/Table.tsx';
import { i18n } from '../../i18n/i18n.ts';
import { formatDate } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { activityQueries, useShowNewActivity } from '../../queries/activity.ts';
import { ActivityFigures, ActivityFilters, LastHour, useActivityFilter } from './ActivityFilters.tsx';
import { ActivityItemRow } from './ActivityItemRow.tsx';
import { justAfter, typeLabel } from './describe.ts';
import { UpcomingCard } from './UpcomingCard.tsx';

const PAGE = 30;
/** How often the screen asks whether newer items exist. */
const NEW_ITEMS_POLL_MS = 5_000;

function dayHeading(iso: string): string {
  const d = new Date(iso);
  const today = new Date();
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  if (d.toDateString() === today.toDateString()) return i18n.t('Today');
  if (d.toDateString() === yesterday.toDateString()) return i18n.t('Yesterday');
  return formatDate(iso);
}

export function ActivityPage() {
  const { t } = useTranslation();
  const filter = useActivityFilter();
  return (
    <>
      <PageHeader
        title={t('Activity')}
        description={t('Everything that happens in this project, as it happens.')}
        actions={<LastHour />}
      />
      <ActivityFigures filter={filter} />
      <ActivityFilters filter={filter} />
      <div className="grid gap-6 xl:grid-cols-3">
        <div className="min-w-0 xl:order-2">
          <UpcomingCard />
        </div>
        <div className="min-w-0 xl:order-1 xl:col-span-2">
          <Feed query={filter.query} emptyTitle={filter.filtered ? t('No activity matches') : t('No activity yet')}>
            {filter.filtered
              ? filter.type
                ? t('Nothing of the kind "{kind}" in this period.', { kind: typeLabel(filter.type) })
                : t('Nothing of the kind "any" in this period.')
              : t('Send an email or track an event and it shows up here within seconds.')}
          </Feed>
        </div>
      </div>
    </>
  );
}

/** The feed for `query`, with "Show new" while it shows the newest items and "Load older". */
function Feed({
  query,
  emptyTitle,
  children,
}: {
  query: { type?: string; from?: string; to?: string };
  emptyTitle: string;
  children: string;
}) {
  const { t } = useTranslation();
  const project = useProject();
  const feedQuery = { ...query, limit: PAGE };
  const feed = useInfiniteQuery(activityQueries.feed(project, feedQuery));
  const items = feed.data?.pages.flatMap((p) => p.data) ?? [];
  const newest = feed.data?.pages[0]?.data[0]?.createdAt;
  const total = feed.data?.pages[0]?.total ?? 0;

  // Newer items than the newest shown: counted through the feed itself, so the figure is exact.
  const newer = useQuery({
    ...activityQueries.count(project, { type: query.type, from: newest ? justAfter(newest) : query.from }),
    enabled: feed.isSuccess && !query.to,
    refetchInterval: NEW_ITEMS_POLL_MS,
  });
  const newCount = newer.data?.total ?? 0;

  // Items newer than this (the newest shown before "Show new" was clicked) are highlighted a while.
  const [seenUntil, setSeenUntil] = useState<string | null>(null);
  useEffect(() => {
    if (seenUntil === null) return;
    const timer = setTimeout(() => setSeenUntil(null), 6_000);
    return () => clearTimeout(timer);
  }, [seenUntil]);

  const reload = useShowNewActivity(project, feedQuery);
  const showNew = async () => {
    setSeenUntil(newest ?? new Date(0).toISOString());
    await reload();
  };

  if (feed.isPending) return <FeedSkeleton />;
  if (feed.isError) return <ErrorState error={feed.error} retry={() => feed.refetch()} />;
  return (
    <>
      <div aria-live="polite" className="min-h-0">
        {newCount > 0 && (
          <button
            type="button"
            onClick={showNew}
            className="mb-3 flex w-full items-center justify-center gap-2 rounded-md border border-brand-100 bg-brand-50 px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-100"
          >
            <ArrowUp className="size-4" aria-hidden />
            {newCount >= 10_000
              ? t('Over {count, number} new items · Show', { count: 10_000 })
              : t('{count, plural, one {# new item} other {# new items}} · Show', { count: newCount })}
          </button>
        )}
      </div>
      {items.length === 0 ? (
        <EmptyState icon={<History className="size-8" aria-hidden />} title={emptyTitle} description={children} />
      ) : (
        <>
          <ul
            aria-label={t('Activity')}
            className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
          >
            {items.map((item, i) => {
              const heading = dayHeading(item.createdAt);
              const showHeading = i === 0 || dayHeading(items[i - 1]!.createdAt) !== heading;
              return (
                <Fragment key={item.id}>
                  {showHeading && (
                    <li className="bg-slate-50 px-4 py-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">
                      {heading}
                    </li>
                  )}
                  <ActivityItemRow item={item} fresh={seenUntil !== null && item.createdAt > seenUntil} />
                </Fragment>
              );
            })}
          </ul>
          <LoadMore
            list={feed}
            label={t('Load older')}
            status={
              total <= 0
                ? t('Showing {shown, number}', { shown: items.length })
                : total >= 10_000
                  ? t('Showing {shown, number} of over {total, number}', { shown: items.length, total: 10_000 })
                  : t('Showing {shown, number} of {total, number}', { shown: items.length, total })
            }
          />
        </>
      )}
    </>
  );
}

function FeedSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('Loading activity')} className="rounded-lg border border-slate-200 bg-white">
      {Array.from({ length: 8 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <div key={i} className="flex items-center gap-3 border-b border-slate-100 px-4 py-3 last:border-0">
          <Skeleton className="size-7 rounded-full" />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="h-3 w-16" />
        </div>
      ))}
    </div>
  );
}
