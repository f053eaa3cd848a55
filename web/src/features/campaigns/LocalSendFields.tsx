/**
 * The schedule dialog's "at a local time in each recipient's time zone": the time and the date, and
 * what such a send would do now (POST /campaigns/:id/send-plan): how many recipients go out when,
 * zone by zone, each moment written in that zone and in the viewer's. A moment already past goes at once.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client.ts';
import { TextInput } from '../../components/Field.tsx';
import { Skeleton } from '../../components/States.tsx';
import { Table } from '../../components/Table.tsx';
import { viewerTimeZone } from '../../lib/chart-data.ts';
import { cx } from '../../lib/cx.ts';
import { formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { campaignQueries, type SendPlan } from '../../queries/campaigns.ts';
import { formatInZone, type LocalSend, localSendProblems, zoneName } from './local-send.ts';

type Group = SendPlan['groups'][number];

export function LocalSendFields({
  campaignId,
  value,
  onChange,
  error,
}: {
  campaignId: string;
  value: LocalSend;
  onChange: (patch: Partial<LocalSend>) => void;
  error: (field: 'localTime' | 'date') => string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3">
        <TextInput
          label={t('Local time')}
          type="time"
          value={value.localTime}
          onChange={(e) => onChange({ localTime: e.target.value })}
          error={error('localTime')}
        />
        <TextInput
          label={t('Date')}
          type="date"
          value={value.date}
          onChange={(e) => onChange({ date: e.target.value })}
          error={error('date')}
        />
      </div>
      <p className="text-sm text-slate-600">
        <Trans
          i18nKey="Each contact gets it at this time in their own zone (<code>{field}</code>, else the project’s). It starts sending at once: where that moment has passed, the email goes right away."
          values={{ field: 'data.timezone' }}
          components={{ code: <code /> }}
        />
      </p>
      <SendPlanPreview campaignId={campaignId} value={value} />
    </div>
  );
}

function SendPlanPreview({ campaignId, value }: { campaignId: string; value: LocalSend }) {
  const { t } = useTranslation();
  const { localTime, date } = value;
  const body = useMemo(() => ({ localTime, date }), [localTime, date]);
  const settled = useDebouncedValue(body, 300);
  const ready = Object.keys(localSendProblems(settled)).length === 0;
  const plan = useQuery({
    ...campaignQueries.sendPlan(useProject(), campaignId, settled),
    enabled: ready,
  });
  // What is shown is for an earlier time or date until the new plan is in.
  const stale = plan.isPlaceholderData || settled !== body;
  const viewer = viewerTimeZone();
  if (!ready) return null;
  if (plan.isError) return <p className="text-sm text-red-700">{errorMessage(plan.error)}</p>;
  if (!plan.data) return <Skeleton className="h-24" />;
  const { total, groups } = plan.data;
  const now = Date.now();
  return (
    <section
      aria-labelledby="send-plan-heading"
      aria-busy={stale || undefined}
      className={cx('space-y-2', stale && 'opacity-60')}
    >
      <h3 id="send-plan-heading" className="text-sm font-medium text-slate-900">
        {t('When it goes out')}
      </h3>
      <p className="text-sm text-slate-600" data-testid="send-plan-total">
        {total === 0
          ? t('The audience has no one to send to right now.')
          : t(
              '{count, plural, one {# contact} other {# contacts}} in {zones, plural, one {# time zone} other {# time zones}}.',
              { count: total, zones: groups.length },
            )}
      </p>
      {groups.length > 0 && (
        <Table<Group>
          caption={t('Recipients by time zone')}
          rows={groups}
          rowKey={(g) => `${g.timezone} ${g.sendAt}`}
          columns={[
            { key: 'zone', header: t('Time zone'), cell: (g) => zoneName(g.timezone) },
            {
              key: 'there',
              header: t('There'),
              className: 'whitespace-nowrap',
              cell: (g) => formatInZone(g.sendAt, g.timezone),
            },
            {
              key: 'yours',
              header: t('Your time ({zone})', { zone: zoneName(viewer) }),
              className: 'whitespace-nowrap',
              cell: (g) =>
                new Date(g.sendAt).getTime() <= now ? <span>{t('At once (passed)')}</span> : formatInZone(g.sendAt),
            },
            {
              key: 'recipients',
              header: t('Recipients'),
              className: 'text-right tabular-nums',
              cell: (g) => formatNumber(g.recipients),
            },
          ]}
        />
      )}
    </section>
  );
}
