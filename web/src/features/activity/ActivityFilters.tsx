/** The activity screen's filters (type, dates: kept in the URL), its figures and its live count. */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Button } from '../../components/Button.tsx';
import { DateRangeFields } from '../../components/DateRangeFields.tsx';
import { Select } from '../../components/Field.tsx';
import { Stat } from '../../components/Layout.tsx';
import { ErrorState, Skeleton } from '../../components/States.tsx';
import { viewerTimeZone } from '../../lib/chart-data.ts';
import { localDayStart } from '../../lib/days.ts';
import { formatDate, formatNumber, plural } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { useSearchParamPatch, useSearchParamState } from '../../lib/url-state.ts';
import { activityQueries } from '../../queries/activity.ts';
import { ACTIVITY_TYPES, type ActivityType } from './describe.ts';

const STAT_TYPES: Array<[ActivityType, string]> = [
  ['email.sent', 'Sent'],
  ['email.opened', 'Opened'],
  ['email.clicked', 'Clicked'],
  ['email.bounced', 'Bounced'],
  ['contact.unsubscribed', 'Unsubscribed'],
  ['event.triggered', 'Events'],
];

export interface ActivityFilter {
  /** As in the URL: a type, local days (YYYY-MM-DD). */
  type: string;
  fromDay: string;
  toDay: string;
  /** As the API takes them: instants of the local days' starts (`to` exclusive). */
  query: { type?: string; from?: string; to?: string };
  filtered: boolean;
}

/** The filters the URL holds. */
export function useActivityFilter(): ActivityFilter {
  const [type] = useSearchParamState('type');
  const [fromDay] = useSearchParamState('from');
  const [toDay] = useSearchParamState('to');
  const query = useMemo(
    () => ({ type: type || undefined, from: localDayStart(fromDay), to: localDayStart(toDay, true) }),
    [type, fromDay, toDay],
  );
  return { type, fromDay, toDay, query, filtered: Boolean(type || fromDay || toDay) };
}

/** "12 items in the last hour", with a live dot. */
export function LastHour() {
  const recent = useQuery({ ...activityQueries.recentCount(useProject(), 60), refetchInterval: 30_000 });
  if (!recent.data) return null;
  return (
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
  );
}

/** The counts by kind for the period the filter picks (the last 30 days without dates). */
export function ActivityFigures({ filter }: { filter: ActivityFilter }) {
  const { from, to } = filter.query;
  const stats = useQuery(activityQueries.stats(useProject(), { from, to, timezone: viewerTimeZone() }));
  const period =
    filter.fromDay || filter.toDay
      ? `${filter.fromDay ? formatDate(from) : 'Start'} – ${filter.toDay ? formatDate(localDayStart(filter.toDay)) : 'today'}`
      : 'Last 30 days';
  const count = (t: ActivityType) => stats.data?.byType.find((b) => b.type === t)?.count ?? 0;
  return (
    <section aria-label={`Figures, ${period}`} className="mb-6">
      <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{period}</h2>
      {stats.isError ? (
        <ErrorState error={stats.error} retry={() => stats.refetch()} />
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
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
  );
}

/** The type and date pickers, and a way back to everything. */
export function ActivityFilters({ filter }: { filter: ActivityFilter }) {
  const patch = useSearchParamPatch();
  const types = useQuery(activityQueries.types(useProject()));
  // The kinds present in the project, and the chosen one even if it has none.
  const options = ACTIVITY_TYPES.filter((t) => types.data?.types.includes(t.type) || t.type === filter.type);
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <div className="w-52">
        <Select label="Activity type" value={filter.type} onChange={(e) => patch({ type: e.target.value })}>
          <option value="">All activity</option>
          {options.map((t) => (
            <option key={t.type} value={t.type}>
              {t.label}
            </option>
          ))}
        </Select>
      </div>
      <DateRangeFields from={filter.fromDay} to={filter.toDay} onChange={patch} />
      {filter.filtered && (
        <Button variant="ghost" onClick={() => patch({ type: undefined, from: undefined, to: undefined })}>
          Clear filters
        </Button>
      )}
    </div>
  );
}
