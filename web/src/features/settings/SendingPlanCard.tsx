/**
 * The next seven days' marketing caps as the server plans them (GET …/sending-plan), today first
 * with what was sent and what is left: a bar per day on one scale, its figure beside it, and "No
 * limit" where nothing limits the day. Days are the project's calendar days.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/Layout.tsx';
import { ErrorState, Skeleton } from '../../components/States.tsx';
import { cx } from '../../lib/cx.ts';
import { activeLanguage, formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { type SendingPlan, settingsQueries } from '../../queries/settings.ts';

/** A calendar date (YYYY-MM-DD) as "Tue, Mar 4" in the dashboard's language, whatever the viewer's zone. */
const dayLabel = (date: string) =>
  new Intl.DateTimeFormat(activeLanguage(), {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

export function SendingPlanCard() {
  const { t } = useTranslation();
  const plan = useQuery(settingsQueries.sendingPlan(useProject()));
  return (
    <Card title={t('The next 7 days')}>
      {plan.isError ? (
        <ErrorState error={plan.error} retry={() => plan.refetch()} />
      ) : !plan.data ? (
        <Skeleton className="h-48" />
      ) : (
        <PlanBars plan={plan.data} />
      )}
    </Card>
  );
}

function PlanBars({ plan }: { plan: SendingPlan }) {
  const { t } = useTranslation();
  const { today, next7Days } = plan;
  const caps = next7Days.map((d) => d.cap).filter((c): c is number => c !== null);
  const most = Math.max(1, today.sent, ...caps);
  const limited = caps.length > 0;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700" data-testid="sending-today">
        {today.cap === null
          ? t('Today: {sent} marketing emails sent, no limit.', { sent: formatNumber(today.sent) })
          : t('Today: {sent} of {cap} marketing emails sent, {remaining} left.', {
              sent: formatNumber(today.sent),
              cap: formatNumber(today.cap),
              remaining: formatNumber(today.remaining),
            })}
      </p>
      {!limited && (
        <p className="text-sm text-slate-500">
          {t('No cap and no warm-up: marketing mail goes out as fast as the send rate allows, every day.')}
        </p>
      )}
      <table className="w-full text-sm">
        <caption className="sr-only">
          {t('Marketing emails allowed per day, in {zone}', { zone: plan.timezone })}
        </caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">{t('Day')}</th>
            <th scope="col">{t('Bar')}</th>
            <th scope="col">{t('Cap')}</th>
          </tr>
        </thead>
        <tbody>
          {next7Days.map((day, i) => {
            const isToday = i === 0;
            return (
              <tr key={day.date}>
                <th scope="row" className="w-28 py-1.5 pr-3 text-left font-normal whitespace-nowrap text-slate-700">
                  {isToday ? t('Today') : dayLabel(day.date)}
                </th>
                <td className="py-1.5" aria-hidden>
                  {day.cap === null ? (
                    <div className="h-3 rounded-r border border-dashed border-slate-300 bg-slate-50" />
                  ) : (
                    <div className="relative h-3 rounded-r bg-slate-100">
                      <div
                        className={cx('h-full rounded-r', isToday ? 'bg-indigo-200' : 'bg-brand-500')}
                        style={{ width: `${(day.cap / most) * 100}%` }}
                      />
                      {isToday && (
                        <div
                          className="absolute inset-y-0 left-0 rounded-r bg-brand-600"
                          style={{ width: `${(Math.min(today.sent, day.cap) / most) * 100}%` }}
                        />
                      )}
                    </div>
                  )}
                </td>
                <td className="w-32 py-1.5 pl-3 text-right tabular-nums whitespace-nowrap text-slate-900">
                  {day.cap === null ? t('No limit') : formatNumber(day.cap)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="text-xs text-slate-500">
        {t('Days in the project’s time zone ({zone}). Today’s darker part is what was sent.', {
          zone: plan.timezone.replaceAll('_', ' '),
        })}
      </p>
    </div>
  );
}
