/** The activity screen's filters (type, dates: kept in the URL), its figures and its live count. */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { DateRangeFields } from '../../components/DateRangeFields.tsx';
import { Select } from '../../components/Field.tsx';
import { Stat } from '../../components/Layout.tsx';
import { ErrorState, Skeleton } from '../../components/States.tsx';
import { msg } from '../../i18n/msg.ts';
import { viewerTimeZone } from '../../lib/chart-data.ts';
import { localDayStart } from '../../lib/days.ts';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { useSearchParamPatch, useSearchParamState } from '../../lib/url-state.ts';
import { activityQueries } from '../../queries/activity.ts';
import { ACTIVITY_TYPES, type ActivityType } from './describe.ts';

const STAT_TYPES: Array<[ActivityType, string]> = [
  ['email.sent', msg('Sent')],
  ['email.opened', msg('Opened')],
  ['email.clicked', msg('Clicked')],
  ['email.bounced', msg('Bounced')],
  ['contact.unsubscribed', msg('Unsubscribed')],
  ['event.triggered', msg('Events')],
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
  const { t } = useTranslation();
  const recent = useQuery({ ...activityQueries.recentCount(useProject(), 60), refetchInterval: 30_000 });
  if (!recent.data) return null;
  return (
    <span
      className="inline-flex items-center gap-2 rounded-full border border-slate-200 bg-white px-3 py-1 text-xs text-slate-600"
      title={t('Activity items of the last hour')}
    >
      <span className="relative flex size-2">
        <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-60" />
        <span className="relative inline-flex size-2 rounded-full bg-emerald-500" />
      </span>
      {recent.data.capped
        ? t('Over {count, plural, one {# item} other {# items}} in the last hour', { count: recent.data.count })
        : t('{count, plural, one {# item} other {# items}} in the last hour', { count: recent.data.count })}
    </span>
  );
}

/** The counts by kind for the period the filter picks (the last 30 days without dates). */
export function ActivityFigures({ filter }: { filter: ActivityFilter }) {
  const { t } = useTranslation();
  const { from, to } = filter.query;
  const stats = useQuery(activityQueries.stats(useProject(), { from, to, timezone: viewerTimeZone() }));
  const start = filter.fromDay ? formatDate(from) : undefined;
  const end = filter.toDay ? formatDate(localDayStart(filter.toDay)) : undefined;
  const period =
    start && end
      ? t('{start} – {end}', { start, end })
      : start
        ? t('{start} – today', { start })
        : end
          ? t('Start – {end}', { end })
          : t('Last 30 days');
  const count = (type: ActivityType) => stats.data?.byType.find((b) => b.type === type)?.count ?? 0;
  return (
    <section aria-label={t('Figures, {period}', { period })} className="mb-6">
      <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{period}</h2>
      {stats.isError ? (
        <ErrorState error={stats.error} retry={() => stats.refetch()} />
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {STAT_TYPES.map(([type, label]) => (
            <Stat
              key={type}
              label={t(label)}
              value={stats.isPending ? <Skeleton className="my-1 h-6 w-12" /> : formatNumber(count(type))}
            />
          ))}
        </div>
      )}
    </section>
  );
}

/** The type and date pickers, and a way back to everything. */
export function ActivityFilters({ filter }: { filter: ActivityFilter }) {
  const { t } = useTranslation();
  const patch = useSearchParamPatch();
  const types = useQuery(activityQueries.types(useProject()));
  // The kinds present in the project, and the chosen one even if it has none.
  const options = ACTIVITY_TYPES.filter((a) => types.data?.types.includes(a.type) || a.type === filter.type);
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <div className="w-52">
        <Select label={t('Activity type')} value={filter.type} onChange={(e) => patch({ type: e.target.value })}>
          <option value="">{t('All activity')}</option>
          {options.map((option) => (
            <option key={option.type} value={option.type}>
              {t(option.label)}
            </option>
          ))}
        </Select>
      </div>
      <DateRangeFields from={filter.fromDay} to={filter.toDay} onChange={patch} />
      {filter.filtered && (
        <Button variant="ghost" onClick={() => patch({ type: undefined, from: undefined, to: undefined })}>
          {t('Clear filters')}
        </Button>
      )}
    </div>
  );
}
