/**
 * The project's events: totals (GET /events/stats), every event name with its count and when it was
 * last seen (GET /events/names), and the latest events themselves (GET /events). The view and the
 * system-events switch live in the URL.
 */

import { useQuery } from '@tanstack/react-query';
import { Activity, Plus } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { Checkbox } from '../../components/Field.tsx';
import { PageHeader, Stat, Tabs } from '../../components/Layout.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { EmptyState, ErrorState, LoadingRows, Skeleton } from '../../components/States.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { msg } from '../../i18n/msg.ts';
import { formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { useSearchParamState } from '../../lib/url-state.ts';
import { type EventName, eventQueries } from '../../queries/events.ts';
import { EventNameLink } from './EventNameLink.tsx';
import { EventTable } from './EventTable.tsx';
import { TrackEventDialog } from './TrackEventDialog.tsx';

type View = 'names' | 'recent';

const VIEWS: Array<{ id: View; label: string }> = [
  { id: 'names', label: msg('Event names') },
  { id: 'recent', label: msg('Recent events') },
];

export function EventsPage() {
  const { t } = useTranslation();
  const scope = useProject();
  const [viewParam, setView] = useSearchParamState('view', 'names');
  const view: View = viewParam === 'recent' ? 'recent' : 'names';
  const [systemParam, setSystemParam] = useSearchParamState('system');
  // Mirrored in state: the URL updates a moment after the click, the checkbox must not lag behind it.
  const [showSystem, setShowSystem] = useState(systemParam === '1');
  const [trackOpen, setTrackOpen] = useState(false);
  const stats = useQuery(eventQueries.stats(scope));
  const names = useQuery(eventQueries.names(scope));

  const customNames = (names.data?.names ?? []).filter((n) => !n.system).map((n) => n.name);
  return (
    <>
      <PageHeader
        title={t('Events')}
        description={t(
          'What your contacts do, tracked from your app. Use events to trigger workflows and build segments.',
        )}
        actions={
          <Button icon={<Plus className="size-4" aria-hidden />} onClick={() => setTrackOpen(true)}>
            {t('Track an event')}
          </Button>
        }
      />
      <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {stats.isError ? (
          <div className="col-span-full">
            <ErrorState error={stats.error} retry={() => stats.refetch()} />
          </div>
        ) : (
          (
            [
              [msg('Last 24 hours'), stats.data?.last24h],
              [msg('Last 7 days'), stats.data?.last7d],
              [msg('Last 30 days'), stats.data?.last30d],
              [msg('Event names'), stats.data?.distinctNames],
            ] as const
          ).map(([label, value]) => (
            <Stat
              key={label}
              label={t(label)}
              value={stats.isPending ? <Skeleton className="my-1 h-6 w-16" /> : formatNumber(value)}
            />
          ))
        )}
      </div>

      <Tabs<View>
        label={t('Events view')}
        value={view}
        onChange={setView}
        tabs={VIEWS.map((v) => ({ ...v, label: t(v.label) }))}
      />
      {view === 'names' ? (
        <NamesView
          loading={names.isPending}
          error={names.isError ? names.error : undefined}
          retry={() => names.refetch()}
          names={names.data?.names ?? []}
          showSystem={showSystem}
          onShowSystem={(on) => {
            setShowSystem(on);
            setSystemParam(on ? '1' : undefined);
          }}
        />
      ) : (
        <EventTable empty={<NoEvents />} />
      )}
      {trackOpen && <TrackEventDialog onClose={() => setTrackOpen(false)} names={customNames} />}
    </>
  );
}

function NamesView({
  loading,
  error,
  retry,
  names,
  showSystem,
  onShowSystem,
}: {
  loading: boolean;
  error?: unknown;
  retry: () => void;
  names: EventName[];
  showSystem: boolean;
  onShowSystem: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const shown = names.filter((n) => showSystem || !n.system).sort((a, b) => b.count - a.count);
  const systemCount = names.filter((n) => n.system).length;
  const columns: Column<EventName>[] = [
    {
      key: 'name',
      header: t('Event'),
      cell: (n) => <EventNameLink name={n.name} system={n.system} />,
    },
    {
      key: 'count',
      header: t('Times tracked'),
      cell: (n) => <span className="tabular-nums">{formatNumber(n.count)}</span>,
      className: 'text-right',
    },
    {
      key: 'last',
      header: t('Last seen'),
      cell: (n) => <RelativeTime iso={n.lastSeenAt} className="whitespace-nowrap text-slate-600" />,
      className: 'text-right',
    },
  ];
  return (
    <div>
      <div className="mb-3 flex justify-end">
        <Checkbox
          label={systemCount ? t('Show system events ({count})', { count: systemCount }) : t('Show system events')}
          checked={showSystem}
          onChange={(e) => onShowSystem(e.target.checked)}
        />
      </div>
      {loading && <LoadingRows rows={5} label={t('Loading event names')} />}
      {Boolean(error) && <ErrorState error={error} retry={retry} />}
      {!loading && !error && shown.length === 0 && <NoEvents />}
      {shown.length > 0 && <Table caption={t('Event names')} columns={columns} rows={shown} rowKey={(n) => n.name} />}
    </div>
  );
}

/** The empty state, with the one call that fills it. */
function NoEvents() {
  const { t } = useTranslation();
  const snippet = `curl -X POST ${window.location.origin}/v1/track \\
  -H "Authorization: Bearer <your public or secret key>" \\
  -H "Content-Type: application/json" \\
  -d '{"email": "ada@example.com", "event": "signed_up", "data": {"plan": "pro"}}'`;
  return (
    <EmptyState
      icon={<Activity className="size-8" aria-hidden />}
      title={t('No events tracked yet')}
      description={
        <Trans
          i18nKey="Send events from your app with <code>POST /v1/track</code>. The public key is safe to use in a browser."
          components={{ code: <code className="rounded bg-slate-100 px-1 text-slate-700" /> }}
        />
      }
      action={
        <div className="w-[36rem] max-w-full text-left">
          <pre className="whitespace-pre-wrap wrap-anywhere rounded-md bg-slate-900 p-3 text-xs leading-relaxed text-slate-100">
            {snippet}
          </pre>
          <div className="mt-2 flex justify-end">
            <CopyButton value={snippet} label={t('Copy command')} />
          </div>
        </div>
      }
    />
  );
}
