/**
 * The project's activity feed: sends, opens, clicks, bounces, events, subscriptions, campaign and
 * workflow milestones, newest first, a page at a time (keyset cursor). Filters (type, dates) live in
 * the URL. While the newest items are shown, the screen checks every few seconds for newer ones and
 * offers to load them; figures for the period and what is coming up sit alongside.
 */
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowUp, History } from 'lucide-react';
import { Fragment, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useProject } from '../../app/project-context.tsx';
import { Button } from '../../components/Button.tsx';
import { Select, TextInput } from '../../components/Field.tsx';
import { PageHeader, Stat } from '../../components/Layout.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/States.tsx';
import { formatDate, formatNumber, plural } from '../../lib/format.ts';
import { ActivityItemRow } from './ActivityItemRow.tsx';
import { ACTIVITY_TYPES, type ActivityType, justAfter, localDayStart, typeLabel } from './describe.ts';
import { UpcomingCard } from './UpcomingCard.tsx';

const PAGE = 30;
/** How often the screen asks whether newer items exist. */
const NEW_ITEMS_POLL_MS = 5_000;
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

const STAT_TYPES: Array<[ActivityType, string]> = [
  ['email.sent', 'Sent'],
  ['email.opened', 'Opened'],
  ['email.clicked', 'Clicked'],
  ['email.bounced', 'Bounced'],
  ['contact.unsubscribed', 'Unsubscribed'],
  ['event.triggered', 'Events'],
];

function dayHeading(iso: string): string {
  const d = new Date(iso);
  const today = new Date();
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  if (d.toDateString() === today.toDateString()) return 'Today';
  if (d.toDateString() === yesterday.toDateString()) return 'Yesterday';
  return formatDate(iso);
}

export function ActivityPage() {
  const { api, projectId } = useProject();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const type = params.get('type') ?? '';
  const fromDay = params.get('from') ?? '';
  const toDay = params.get('to') ?? '';
  const filters = useMemo(
    () => ({
      type: type || undefined,
      from: localDayStart(fromDay),
      to: localDayStart(toDay, true),
    }),
    [type, fromDay, toDay],
  );
  // Items newer than this (the newest shown before "Show new" was clicked) are highlighted.
  const [seenUntil, setSeenUntil] = useState<string | null>(null);
  useEffect(() => {
    if (seenUntil === null) return;
    const timer = setTimeout(() => setSeenUntil(null), 6_000);
    return () => clearTimeout(timer);
  }, [seenUntil]);

  const setParam = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  const feedKey = ['project', projectId, 'activity', 'feed', filters];
  const feed = useInfiniteQuery({
    queryKey: feedKey,
    queryFn: ({ pageParam }) =>
      api.get('/activity', { query: { ...filters, limit: PAGE, cursor: pageParam || undefined } }),
    initialPageParam: '',
    getNextPageParam: (last) => (last.hasMore ? last.cursor : undefined),
  });
  const items = feed.data?.pages.flatMap((p) => p.data) ?? [];
  const newest = feed.data?.pages[0]?.data[0]?.createdAt;
  const total = feed.data?.pages[0]?.total ?? 0;

  // Newer items than the newest shown: counted through the feed itself, so the figure is exact.
  const newer = useQuery({
    queryKey: ['project', projectId, 'activity', 'newer', filters, newest ?? null],
    queryFn: () =>
      api.get('/activity', {
        query: { type: filters.type, from: newest ? justAfter(newest) : filters.from, limit: 1 },
      }),
    enabled: feed.isSuccess && !filters.to,
    refetchInterval: NEW_ITEMS_POLL_MS,
  });
  const newCount = newer.data?.total ?? 0;

  const recent = useQuery({
    queryKey: ['project', projectId, 'activity', 'recent-count'],
    queryFn: () => api.get('/activity/recent-count', { query: { minutes: 60 } }),
    refetchInterval: 30_000,
  });
  const types = useQuery({
    queryKey: ['project', projectId, 'activity', 'types'],
    queryFn: () => api.get('/activity/types'),
  });
  const stats = useQuery({
    queryKey: ['project', projectId, 'activity', 'stats', filters.from ?? null, filters.to ?? null],
    queryFn: () => api.get('/activity/stats', { query: { from: filters.from, to: filters.to, timezone: TIME_ZONE } }),
  });

  const showNew = async () => {
    setSeenUntil(newest ?? new Date(0).toISOString());
    await queryClient.resetQueries({ queryKey: feedKey });
    void queryClient.invalidateQueries({ queryKey: ['project', projectId, 'activity', 'stats'] });
    void queryClient.invalidateQueries({ queryKey: ['project', projectId, 'activity', 'types'] });
    void queryClient.invalidateQueries({ queryKey: ['project', projectId, 'activity', 'recent-count'] });
  };

  const typeOptions = ACTIVITY_TYPES.filter((t) => types.data?.types.includes(t.type) || t.type === type);
  const filtered = Boolean(type || fromDay || toDay);
  const period =
    fromDay || toDay
      ? `${fromDay ? formatDate(filters.from) : 'Start'} – ${toDay ? formatDate(localDayStart(toDay)) : 'today'}`
      : 'Last 30 days';
  const count = (t: ActivityType) => stats.data?.byType.find((b) => b.type === t)?.count ?? 0;

  return (
    <>
      <PageHeader
        title="Activity"
        description="Everything that happens in this project, as it happens."
        actions={
          recent.data && (
            <span
              className="inline-flex items-center gap-2 rounded-full border border-slate-200 bg-white px-3 py-1 text-xs text-slate-600"
              title="Activity items of the last hour"
            >
              <span className="relative flex size-2">
                <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-60" />
                <span className="relative inline-flex size-2 rounded-full bg-emerald-500" />
              </span>
              {recent.data.capped ? 'Over ' : ''}
              {plural(recent.data.count, 'item')} in the last hour
            </span>
          )
        }
      />

      <section aria-label={`Figures, ${period}`} className="mb-6">
        <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{period}</h2>
        {stats.isError ? (
          <ErrorState error={stats.error} retry={() => stats.refetch()} />
        ) : (
          <div className="grid grid-cols-3 gap-3 lg:grid-cols-6">
            {STAT_TYPES.map(([t, label]) => (
              <Stat
                key={t}
                label={label}
                value={stats.isPending ? <Skeleton className="my-1 h-6 w-12" /> : formatNumber(count(t))}
              />
            ))}
          </div>
        )}
      </section>

      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="w-52">
          <Select label="Activity type" value={type} onChange={(e) => setParam('type', e.target.value)}>
            <option value="">All activity</option>
            {typeOptions.map((t) => (
              <option key={t.type} value={t.type}>
                {t.label}
              </option>
            ))}
          </Select>
        </div>
        <div className="w-40">
          <TextInput
            label="From"
            type="date"
            value={fromDay}
            max={toDay || undefined}
            onChange={(e) => setParam('from', e.target.value)}
          />
        </div>
        <div className="w-40">
          <TextInput
            label="To"
            type="date"
            value={toDay}
            min={fromDay || undefined}
            onChange={(e) => setParam('to', e.target.value)}
          />
        </div>
        {filtered && (
          <Button variant="ghost" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
            Clear filters
          </Button>
        )}
      </div>

      <div className="grid gap-6 xl:grid-cols-3">
        <div className="min-w-0 xl:order-2">
          <UpcomingCard />
        </div>
        <div className="min-w-0 xl:order-1 xl:col-span-2">
          <div aria-live="polite" className="min-h-0">
            {newCount > 0 && (
              <button
                type="button"
                onClick={showNew}
                className="mb-3 flex w-full items-center justify-center gap-2 rounded-md border border-brand-100 bg-brand-50 px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-100"
              >
                <ArrowUp className="size-4" aria-hidden />
                {newCount >= 10_000 ? 'Over 10,000 new items' : `${plural(newCount, 'new item')}`} · Show
              </button>
            )}
          </div>

          {feed.isPending && (
            <div role="status" aria-label="Loading activity" className="rounded-lg border border-slate-200 bg-white">
              {Array.from({ length: 8 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
                <div key={i} className="flex items-center gap-3 border-b border-slate-100 px-4 py-3 last:border-0">
                  <Skeleton className="size-7 rounded-full" />
                  <Skeleton className="h-4 flex-1" />
                  <Skeleton className="h-3 w-16" />
                </div>
              ))}
            </div>
          )}
          {feed.isError && <ErrorState error={feed.error} retry={() => feed.refetch()} />}
          {feed.isSuccess && items.length === 0 && (
            <EmptyState
              icon={<History className="size-8" aria-hidden />}
              title={filtered ? 'No activity matches' : 'No activity yet'}
              description={
                filtered
                  ? `Nothing of the kind "${type ? typeLabel(type) : 'any'}" in this period.`
                  : 'Send an email or track an event and it shows up here within seconds.'
              }
            />
          )}
          {items.length > 0 && (
            <>
              <ul
                aria-label="Activity"
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
              <div className="mt-3 flex items-center justify-between text-sm text-slate-600">
                <span>
                  Showing {formatNumber(items.length)}
                  {total > 0 && <> of {total >= 10_000 ? 'over 10,000' : formatNumber(total)}</>}
                </span>
                {feed.hasNextPage && (
                  <Button
                    variant="secondary"
                    size="sm"
                    loading={feed.isFetchingNextPage}
                    onClick={() => feed.fetchNextPage()}
                  >
                    Load older
                  </Button>
                )}
              </div>
            </>
          )}
        </div>
      </div>
    </>
  );
}
