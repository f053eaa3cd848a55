/**
 * One event name: how often and when it was last tracked, the segments and workflows that use it
 * (GET /events/:eventName/usage), its latest occurrences, and deleting every event of the name.
 */

import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { Callout } from '../../components/Callout.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { Badge, Card, PageHeader, Stat } from '../../components/Layout.tsx';
import { BackLink, TextLink } from '../../components/Links.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/States.tsx';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type EventUsage, eventMutations, eventQueries } from '../../queries/events.ts';
import { useAction } from '../../queries/use-action.ts';
import { EventTable } from './EventTable.tsx';
import { TrackEventDialog } from './TrackEventDialog.tsx';

export function EventDetailPage() {
  const { t } = useTranslation();
  const { eventName = '' } = useParams();
  const scope = useProject();
  const { to } = scope;
  const [trackOpen, setTrackOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const names = useQuery(eventQueries.names(scope));
  const usage = useQuery(eventQueries.usage(scope, eventName));
  const info = names.data?.names.find((n) => n.name === eventName);
  const system = info?.system ?? /^(email|contact|segment)\./.test(eventName);

  return (
    <>
      <BackLink to={to('events')}>{t('Events')}</BackLink>
      <PageHeader
        title={<span className="font-mono">{eventName}</span>}
        description={
          system
            ? t('A system event: Mailwright records it as email and contacts change.')
            : t('A custom event your app tracks.')
        }
        actions={
          !system && (
            <>
              <Button
                variant="secondary"
                icon={<Plus className="size-4" aria-hidden />}
                onClick={() => setTrackOpen(true)}
              >
                {t('Track this event')}
              </Button>
              <Button
                variant="secondary"
                icon={<Trash2 className="size-4 text-red-600" aria-hidden />}
                onClick={() => setDeleteOpen(true)}
                disabled={!info}
              >
                {t('Delete events')}
              </Button>
            </>
          )
        }
      />
      <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-3">
        <Stat
          label={t('Times tracked')}
          value={names.isPending ? <Skeleton className="my-1 h-6 w-16" /> : formatNumber(info?.count ?? 0)}
        />
        <Stat
          label={t('Last seen')}
          value={
            names.isPending ? (
              <Skeleton className="my-1 h-6 w-28" />
            ) : info ? (
              <RelativeTime iso={info.lastSeenAt} />
            ) : (
              t('Never')
            )
          }
          hint={info ? formatDateTime(info.lastSeenAt) : undefined}
        />
        <Stat
          label={t('Used by')}
          value={
            usage.isPending ? (
              <Skeleton className="my-1 h-6 w-20" />
            ) : usage.data ? (
              formatNumber(usage.data.segments.length + usage.data.workflows.length)
            ) : (
              '—'
            )
          }
          hint={t('segments and workflows')}
        />
      </div>
      {names.isError && <ErrorState error={names.error} retry={() => names.refetch()} />}

      <div className="grid gap-6 xl:grid-cols-3">
        <div className="min-w-0 xl:col-span-2">
          <h2 className="mb-3 text-sm font-semibold text-slate-900">{t('Latest occurrences')}</h2>
          <EventTable
            name={eventName}
            empty={
              <EmptyState
                title={t('Not tracked yet')}
                description={t('No contact has triggered {name} so far.', { name: eventName })}
              />
            }
          />
        </div>
        <Card title={t('Where it is used')}>
          {usage.isPending && (
            <div role="status" aria-label={t('Loading usage')} className="space-y-2">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-4 w-1/2" />
            </div>
          )}
          {usage.isError && <ErrorState error={usage.error} retry={() => usage.refetch()} />}
          {usage.data && <UsageList usage={usage.data} />}
        </Card>
      </div>

      {trackOpen && (
        <TrackEventDialog onClose={() => setTrackOpen(false)} names={[eventName]} defaultName={eventName} />
      )}
      {info && deleteOpen && (
        <DeleteEventsDialog
          onClose={() => setDeleteOpen(false)}
          name={eventName}
          count={info.count}
          usage={usage.data}
        />
      )}
    </>
  );
}

function UsageList({ usage }: { usage: EventUsage }) {
  const { t } = useTranslation();
  const { to } = useProject();
  if (usage.segments.length === 0 && usage.workflows.length === 0) {
    return <p className="text-sm text-slate-500">{t('No segment or workflow uses this event.')}</p>;
  }
  return (
    <div className="space-y-4 text-sm">
      {usage.segments.length > 0 && (
        <div>
          <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{t('Segments')}</h3>
          <ul className="space-y-1">
            {usage.segments.map((s) => (
              <li key={s.id}>
                <TextLink to={to('segments', s.id)}>{s.name}</TextLink>
              </li>
            ))}
          </ul>
        </div>
      )}
      {usage.workflows.length > 0 && (
        <div>
          <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{t('Workflows')}</h3>
          <ul className="space-y-1">
            {usage.workflows.map((w) => (
              <li key={w.id}>
                <TextLink to={to('workflows', w.id)}>{w.name}</TextLink>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** Asks before deleting every event of the name, naming the segments and workflows that wait for it. */
function DeleteEventsDialog({
  onClose,
  name,
  count,
  usage,
}: {
  onClose: () => void;
  name: string;
  count: number;
  usage?: EventUsage;
}) {
  const { t } = useTranslation();
  const scope = useProject();
  const navigate = useNavigate();
  const remove = useAction(eventMutations.removeName(scope, name), {
    inline: true,
    onSuccess: (result) => {
      toast(
        t('Deleted {count, plural, one {# {name} event} other {# {name} events}}', { count: result.deleted, name }),
      );
      onClose();
      navigate(scope.to('events'));
    },
  });
  const used = usage && (usage.segments.length > 0 || usage.workflows.length > 0);
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      action={remove}
      title={t('Delete every {name} event?', { name })}
      confirmLabel={t('Delete {count, plural, one {# event} other {# events}}', { count })}
    >
      <div className="space-y-3">
        <p>
          <Trans
            i18nKey="The {count, plural, one {# recorded event} other {# recorded events}} named <name/> will be removed from every contact. This cannot be undone. Contacts themselves stay."
            values={{ count }}
            components={{ name: <EventBadge name={name} /> }}
          />
        </p>
        {usage && used && (
          <Callout tone="warning" role="alert" title={t('Still in use')}>
            <p>
              {t(
                'Segments that filter on this event will no longer match these contacts, and workflows keep waiting for it:',
              )}
            </p>
            <UsageList usage={usage} />
          </Callout>
        )}
      </div>
    </ConfirmDialog>
  );
}

/** The event's name as a badge inside a sentence (a name is data, never part of a message). */
function EventBadge({ name }: { name: string }) {
  return <Badge>{name}</Badge>;
}
