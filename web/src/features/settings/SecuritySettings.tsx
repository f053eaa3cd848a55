import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { can } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { Callout } from '../../components/Callout.tsx';
import { Badge, Card } from '../../components/Layout.tsx';
import { EmptyState, ErrorState, FormError, LoadingRows, Skeleton } from '../../components/States.tsx';
import { Table } from '../../components/Table.tsx';
import { msg } from '../../i18n/msg.ts';
import { cx } from '../../lib/cx.ts';
import { formatDateTime, formatNumber, formatPercent } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Security, type Suspension, securityMutations, securityQueries } from '../../queries/security.ts';
import { useAction } from '../../queries/use-action.ts';
import { ResetData } from './ResetData.tsx';
import { levelOf } from './usage.ts';

const REASON: Record<Suspension['reason'], string> = {
  BOUNCE_RATE: msg('Bounce rate too high'),
  COMPLAINT_RATE: msg('Too many spam complaints'),
};

/** Settings → Security: sending health against the suspension thresholds, suspensions, and resetting the data. */
export function SecuritySettings() {
  const { t } = useTranslation();
  const security = useQuery(securityQueries.health(useProject()));
  return (
    <div className="space-y-6">
      {security.isError && <ErrorState error={security.error} retry={() => security.refetch()} />}
      {security.data?.disabled && <Suspended security={security.data} />}
      <Card title={t('Sending health')}>
        {security.isPending ? (
          <div role="status" aria-label={t('Loading the sending health')} className="space-y-4">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : security.data ? (
          <Health security={security.data} />
        ) : null}
      </Card>
      <Card title={t('Suspension history')}>
        {security.isPending && <LoadingRows rows={1} label={t('Loading suspensions')} />}
        {security.data &&
          (security.data.suspensions.length === 0 ? (
            <EmptyState
              icon={<ShieldCheck className="size-8" aria-hidden />}
              title={t('Never suspended')}
              description={t('Keep lists clean and only mail people who asked for it, and it stays that way.')}
            />
          ) : (
            <SuspensionTable suspensions={security.data.suspensions} />
          ))}
      </Card>
      <ResetData />
    </div>
  );
}

function Health({ security }: { security: Security }) {
  const { t } = useTranslation();
  const { thresholds, window } = security;
  const belowVolume = security.sent < thresholds.minVolume;
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600">
        {t(
          'Over the last {days} days (since {since}): {sent, plural, one {# email} other {# emails}} sent, {bounced, plural, one {# hard bounce} other {# hard bounces}}, {complained, plural, one {# spam complaint} other {# spam complaints}}.',
          {
            days: window.days,
            since: formatDateTime(window.since),
            sent: security.sent,
            bounced: security.bounced,
            complained: security.complained,
          },
        )}{' '}
        {belowVolume
          ? t(
              "Sending is suspended automatically when a rate reaches its limit, to protect your domain's reputation; that check starts once {minVolume} emails were sent in the window.",
              { minVolume: formatNumber(thresholds.minVolume) },
            )
          : t("Sending is suspended automatically when a rate reaches its limit, to protect your domain's reputation.")}
      </p>
      <RateMeter label={t('Bounce rate')} rate={security.bounceRate} limit={thresholds.bounceRate} />
      <RateMeter label={t('Complaint rate')} rate={security.complaintRate} limit={thresholds.complaintRate} />
    </div>
  );
}

/** A rate on a scale up to twice its limit, with the limit marked in the middle. */
function RateMeter({ label, rate, limit }: { label: string; rate: number; limit: number }) {
  const { t } = useTranslation();
  const ratio = limit > 0 ? rate / limit : rate > 0 ? 1 : 0;
  const level = levelOf(ratio);
  const width = Math.min(100, ratio * 50);
  return (
    <div>
      <div className="mb-1 flex items-baseline justify-between text-sm">
        <span className="font-medium text-slate-900">{label}</span>
        <span className="tabular-nums text-slate-700">
          <span
            className={cx(
              'font-semibold',
              level === 'ok' ? 'text-emerald-700' : level === 'warn' ? 'text-amber-700' : 'text-red-700',
            )}
          >
            {formatPercent(rate)}
          </span>{' '}
          <span className="text-slate-500">· {t('limit {limit}', { limit: formatPercent(limit) })}</span>
        </span>
      </div>
      <div aria-hidden className="relative h-2.5 rounded-full bg-slate-100">
        <div
          className={cx(
            'h-full rounded-full',
            level === 'ok' ? 'bg-emerald-500' : level === 'warn' ? 'bg-amber-500' : 'bg-red-600',
          )}
          style={{ width: `${width}%` }}
        />
        <div
          className="absolute inset-y-[-3px] left-1/2 w-0.5 bg-slate-500"
          title={t('Limit {limit}', { limit: formatPercent(limit) })}
        />
      </div>
    </div>
  );
}

function Suspended({ security }: { security: Security }) {
  const { t } = useTranslation();
  const scope = useProject();
  const current = security.suspensions.find((s) => s.liftedAt === null);
  const reinstate = useAction(securityMutations.reinstate(scope), {
    inline: true,
    onSuccess: () => toast(t('Project reinstated: sending is back on.')),
  });
  return (
    <section aria-labelledby="suspended-heading">
      <Callout tone="danger" icon={<AlertTriangle className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden />}>
        <div className="space-y-2 py-2">
          <h2 id="suspended-heading" className="font-semibold">
            {t('Sending is suspended')}
          </h2>
          <p>
            {current
              ? `${t('{reason}: {rate} on {date}.', {
                  reason: t(REASON[current.reason]),
                  rate: formatPercent(current.reason === 'BOUNCE_RATE' ? current.bounceRate : current.complaintRate),
                  date: formatDateTime(current.createdAt),
                })} `
              : ''}
            {t(
              'API keys are refused and queued mail is held back. Clean the list (remove addresses that bounce or complain), then reinstate the project.',
            )}
          </p>
          <FormError error={reinstate.error} />
          {can(scope.project, 'project.reinstate') ? (
            <Button variant="primary" onClick={() => reinstate.mutate()} loading={reinstate.isPending}>
              {t('Reinstate project')}
            </Button>
          ) : (
            // Inside the alert already: a sentence, not a second notice box.
            <p>{t('Your role does not let you reinstate the project.')}</p>
          )}
        </div>
      </Callout>
    </section>
  );
}

function SuspensionTable({ suspensions }: { suspensions: Suspension[] }) {
  const { t } = useTranslation();
  return (
    <Table<Suspension>
      caption={t('Suspensions, newest first')}
      rows={suspensions}
      rowKey={(s) => s.id}
      columns={[
        { key: 'when', header: t('Suspended'), cell: (s) => formatDateTime(s.createdAt) },
        { key: 'reason', header: t('Reason'), cell: (s) => t(REASON[s.reason]) },
        {
          key: 'rates',
          header: t('Rates then'),
          className: 'tabular-nums',
          cell: (s) =>
            t('{bounces} bounces · {complaints} complaints of {sent}', {
              bounces: formatPercent(s.bounceRate),
              complaints: formatPercent(s.complaintRate),
              sent: formatNumber(s.sent),
            }),
        },
        {
          key: 'lifted',
          header: t('Lifted'),
          cell: (s) =>
            s.liftedAt ? (
              formatDateTime(s.liftedAt)
            ) : (
              <Badge tone="red">{t('Active', { context: 'suspension' })}</Badge>
            ),
        },
      ]}
    />
  );
}
