/**
 * Transports (beyond.md §7): the project's own SMTP relays and SES accounts, in the order they are
 * tried, with what each carries and whether it is on or passed over; adding, editing, testing,
 * switching and deleting them. Without any, the server's own transport sends the project's mail.
 */
import { useQuery } from '@tanstack/react-query';
import { Plus, Route } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { Callout } from '../../components/Callout.tsx';
import { ListScreen } from '../../components/ListScreen.tsx';
import { EmptyState } from '../../components/States.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { type Transport, type TransportTest, transportQueries } from '../../queries/transports.ts';
import { canManageTransports, TransportsNotice } from './shared.tsx';
import { TestResultDialog } from './TestResultDialog.tsx';
import { DeleteTransportDialog, TransportActions } from './TransportActions.tsx';
import { TransportDialog } from './TransportDialog.tsx';
import { TransportsTable } from './TransportsTable.tsx';
import { STREAMS } from './transport-draft.ts';

export function TransportsPage() {
  const { t } = useTranslation();
  const scope = useProject();
  const transports = useQuery(transportQueries.list(scope));
  const [editing, setEditing] = useState<Transport | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Transport | null>(null);
  const [tested, setTested] = useState<{ name: string; result: TransportTest } | null>(null);
  const canManage = canManageTransports(scope.project);
  const addButton = canManage && (
    <Button onClick={() => setEditing('new')} icon={<Plus className="size-4" aria-hidden />}>
      {t('Add transport')}
    </Button>
  );

  return (
    <>
      <ListScreen
        title={t('Transports')}
        description={t(
          "Send this project's mail through your own SMTP relays or Amazon SES accounts. Each email tries the enabled transports of its stream, lowest priority first, and moves on to the next at once when one fails.",
        )}
        actions={addButton}
        notice={<TransportsNotice />}
        query={transports}
        loadingLabel={t('Loading transports')}
        empty={<NoTransports add={addButton} />}
      >
        {(rows) => (
          <>
            <UncoveredStreams transports={rows} />
            <TransportsTable
              transports={rows}
              actions={
                canManage
                  ? (tr) => (
                      <TransportActions
                        transport={tr}
                        onEdit={() => setEditing(tr)}
                        onDelete={() => setDeleting(tr)}
                        onTested={(result) => setTested({ name: tr.name, result })}
                      />
                    )
                  : undefined
              }
            />
          </>
        )}
      </ListScreen>
      {editing && (
        <TransportDialog transport={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      {deleting && <DeleteTransportDialog transport={deleting} onClose={() => setDeleting(null)} />}
      <TestResultDialog name={tested?.name ?? ''} result={tested?.result ?? null} onClose={() => setTested(null)} />
    </>
  );
}

function NoTransports({ add }: { add: ReactNode }) {
  const { t } = useTranslation();
  const why = t(
    "Without transports, this project's mail goes out through the server's own transport. Add one to send through your own provider, for transactional mail, marketing mail or both; add several to fail over from one to the next.",
  );
  return (
    <EmptyState
      icon={<Route className="size-8" aria-hidden />}
      title={t('No transports yet')}
      description={why}
      action={add}
    />
  );
}

/** Names each stream no enabled transport carries: its mail still goes out, through the server's transport. */
function UncoveredStreams({ transports }: { transports: Transport[] }) {
  const { t } = useTranslation();
  const uncovered = STREAMS.filter((s) => !transports.some((tr) => tr.enabled && tr.streams.includes(s.value)));
  if (uncovered.length === 0) return null;
  // The streams are two: one uncovered, or both.
  const text =
    uncovered.length > 1
      ? t(
          "No enabled transport carries transactional and marketing mail: it goes out through the server's own transport.",
        )
      : uncovered[0]?.value === 'TRANSACTIONAL'
        ? t("No enabled transport carries transactional mail: it goes out through the server's own transport.")
        : t("No enabled transport carries marketing mail: it goes out through the server's own transport.");
  return (
    <Callout className="mb-4">
      <p>{text}</p>
    </Callout>
  );
}
