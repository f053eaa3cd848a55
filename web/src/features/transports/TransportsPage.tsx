/**
 * Transports (beyond.md §7): the project's own SMTP relays and SES accounts, in the order they are
 * tried, with what each carries and whether it is on or passed over; adding, editing, testing,
 * switching and deleting them. Without any, the server's own transport sends the project's mail.
 */
import { useQuery } from '@tanstack/react-query';
import { Plus, Route } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { PageHeader } from '../../components/Layout.tsx';
import { EmptyState, ErrorState, LoadingRows } from '../../components/States.tsx';
import { Table } from '../../components/Table.tsx';
import { formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { type Transport, type TransportTest, transportQueries } from '../../queries/transports.ts';
import { canManageTransports, connectionOf, KindBadge, RoleNotice, StreamList, TransportState } from './shared.tsx';
import { TestResultDialog } from './TestResultDialog.tsx';
import { DeleteTransportDialog, EnabledSwitch, TransportActions } from './TransportActions.tsx';
import { TransportDialog } from './TransportDialog.tsx';
import { STREAMS } from './transport-draft.ts';

export function TransportsPage() {
  const scope = useProject();
  const transports = useQuery(transportQueries.list(scope));
  const [editing, setEditing] = useState<Transport | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Transport | null>(null);
  const [tested, setTested] = useState<{ name: string; result: TransportTest } | null>(null);
  const canManage = canManageTransports(scope.project);
  const addButton = canManage && (
    <Button onClick={() => setEditing('new')} icon={<Plus className="size-4" aria-hidden />}>
      Add transport
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Transports"
        description="Send this project's mail through your own SMTP relays or Amazon SES accounts. Each email tries the enabled transports of its stream, lowest priority first, and moves on to the next at once when one fails."
        actions={addButton}
      />
      {!canManage && <RoleNotice />}
      {transports.isPending && <LoadingRows rows={3} label="Loading transports" />}
      {transports.isError && <ErrorState error={transports.error} retry={() => transports.refetch()} />}
      {transports.isSuccess && transports.data.length === 0 && (
        <EmptyState
          icon={<Route className="size-8" aria-hidden />}
          title="No transports yet"
          description="Without transports, this project's mail goes out through the server's own transport. Add one to send through your own provider, for transactional mail, marketing mail or both; add several to fail over from one to the next."
          action={addButton}
        />
      )}
      {transports.isSuccess && transports.data.length > 0 && (
        <>
          <UncoveredStreams transports={transports.data} />
          <Table<Transport>
            caption="Transports, in the order they are tried"
            rows={transports.data}
            rowKey={(t) => t.id}
            columns={[
              {
                key: 'name',
                header: 'Transport',
                className: 'min-w-44',
                cell: (t) => (
                  <>
                    <span className="flex flex-wrap items-center gap-1.5">
                      <span className="break-words font-medium text-slate-900">{t.name}</span>
                      <KindBadge kind={t.kind} />
                    </span>
                    <span className="block break-all font-mono text-xs text-slate-500">{connectionOf(t)}</span>
                  </>
                ),
              },
              { key: 'streams', header: 'Streams', cell: (t) => <StreamList streams={t.streams} /> },
              {
                key: 'priority',
                header: 'Priority',
                className: 'whitespace-nowrap tabular-nums',
                cell: (t) => formatNumber(t.priority),
              },
              {
                key: 'rate',
                header: 'Rate',
                className: 'whitespace-nowrap tabular-nums',
                cell: (t) => (t.ratePerSecond === null ? 'No limit' : `${formatNumber(t.ratePerSecond)}/s`),
              },
              {
                key: 'state',
                header: 'Status',
                className: 'min-w-36',
                cell: (t) => (
                  <span className="flex items-start gap-2">
                    {canManage && <EnabledSwitch transport={t} />}
                    <TransportState transport={t} />
                  </span>
                ),
              },
              ...(canManage
                ? [
                    {
                      key: 'actions',
                      header: <span className="sr-only">Actions</span>,
                      className: 'whitespace-nowrap text-right',
                      cell: (t: Transport) => (
                        <TransportActions
                          transport={t}
                          onEdit={() => setEditing(t)}
                          onDelete={() => setDeleting(t)}
                          onTested={(result) => setTested({ name: t.name, result })}
                        />
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </>
      )}
      {editing && (
        <TransportDialog transport={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      {deleting && <DeleteTransportDialog transport={deleting} onClose={() => setDeleting(null)} />}
      <TestResultDialog name={tested?.name ?? ''} result={tested?.result ?? null} onClose={() => setTested(null)} />
    </>
  );
}

/** Names each stream no enabled transport carries: its mail still goes out, through the server's transport. */
function UncoveredStreams({ transports }: { transports: Transport[] }) {
  const uncovered = STREAMS.filter((s) => !transports.some((t) => t.enabled && t.streams.includes(s.value)));
  if (uncovered.length === 0) return null;
  const names = uncovered.map((s) => s.label.toLowerCase()).join(' and ');
  return (
    <p className="mb-4 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
      No enabled transport carries {names} mail: it goes out through the server's own transport.
    </p>
  );
}
