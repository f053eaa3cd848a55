/** What is about to happen (GET /activity/upcoming): scheduled campaigns and contacts waiting in workflows. */

import { useQuery } from '@tanstack/react-query';
import { CalendarClock, Hourglass } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Card } from '../../components/Layout.tsx';
import { ContactLink, TextLink } from '../../components/Links.tsx';
import { ErrorState, Skeleton } from '../../components/States.tsx';
import { formatDateTime, formatRelative } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { activityQueries } from '../../queries/activity.ts';

export function UpcomingCard() {
  const { t } = useTranslation();
  const project = useProject();
  const { to } = project;
  const upcoming = useQuery({ ...activityQueries.upcoming(project, 5), refetchInterval: 60_000 });
  const data = upcoming.data;
  return (
    <Card title={t('Coming up')}>
      {upcoming.isPending && (
        <div role="status" aria-label={t('Loading what is coming up')} className="space-y-3">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      )}
      {upcoming.isError && <ErrorState error={upcoming.error} retry={() => upcoming.refetch()} />}
      {data && data.campaigns.length === 0 && data.executions.length === 0 && (
        <p className="text-sm text-slate-500">
          {t('Nothing scheduled. Scheduled campaigns and contacts waiting in a workflow show up here.')}
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-2 xl:grid-cols-1">
        {data && data.campaigns.length > 0 && (
          <section aria-label={t('Scheduled campaigns')}>
            <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
              {t('Scheduled campaigns')}
            </h3>
            <ul className="space-y-2">
              {data.campaigns.map((c) => (
                <li key={c.id} className="flex items-start gap-2 text-sm">
                  <CalendarClock className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
                  <div className="min-w-0">
                    <TextLink to={to('campaigns', c.id)} className="block truncate">
                      {c.name}
                    </TextLink>
                    <div className="text-xs text-slate-500" title={formatDateTime(c.scheduledAt)}>
                      {t('{when} · {count, plural, one {# recipient} other {# recipients}}', {
                        when: formatRelative(c.scheduledAt),
                        count: c.totalRecipients,
                      })}
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        )}
        {data && data.executions.length > 0 && (
          <section aria-label={t('Waiting in workflows')}>
            <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
              {t('Waiting in workflows')}
            </h3>
            <ul className="space-y-2">
              {data.executions.map((e) => (
                <li key={e.id} className="flex items-start gap-2 text-sm">
                  <Hourglass className="mt-0.5 size-4 shrink-0 text-sky-600" aria-hidden />
                  <div className="min-w-0">
                    <div className="truncate">
                      <ContactLink id={e.contact.id} email={e.contact.email} />
                    </div>
                    <div className="text-xs text-slate-500">
                      <Trans
                        i18nKey="in <workflow/>"
                        components={{
                          workflow: <TextLink to={to('workflows', e.workflow.id)}>{e.workflow.name}</TextLink>,
                        }}
                      />
                      {e.waitingFor && (
                        <>
                          {' · '}
                          <Trans
                            i18nKey="waiting for <event/>"
                            components={{ event: <span className="font-mono">{e.waitingFor}</span> }}
                          />
                        </>
                      )}
                      {e.dueAt && (
                        <span title={formatDateTime(e.dueAt)}>
                          {' · '}
                          {e.waitingFor
                            ? t('gives up {when}', { when: formatRelative(e.dueAt) })
                            : t('continues {when}', { when: formatRelative(e.dueAt) })}
                        </span>
                      )}
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </Card>
  );
}
