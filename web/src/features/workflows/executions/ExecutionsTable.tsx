/** A page of executions: contact, status, where it is, when it started and ended; active ones can be cancelled. */
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/Button.tsx';
import { RelativeTime } from '../../../components/RelativeTime.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { type Column, Table } from '../../../components/Table.tsx';
import { useProject } from '../../../lib/project-context.tsx';
import { isActive } from '../../../queries/executions.ts';
import { EXECUTION_STATUS, type ExecutionSummary, type Workflow } from '../model.ts';
import { CancelExecutionDialog } from './CancelExecutionDialog.tsx';
import { listDetail } from './where-now.ts';

const contactOf = (e: ExecutionSummary) => e.contactEmail ?? 'Deleted contact';

export function ExecutionsTable({ workflow, rows }: { workflow: Workflow; rows: ExecutionSummary[] }) {
  const { to } = useProject();
  // A cancel cannot be taken back: one click on a row's button only asks.
  const [cancelling, setCancelling] = useState<ExecutionSummary | null>(null);

  const columns: Column<ExecutionSummary>[] = [
    {
      key: 'contact',
      header: 'Contact',
      cell: (e) => (
        <Link
          to={to('workflows', workflow.id, 'executions', e.id)}
          className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
        >
          {contactOf(e)}
        </Link>
      ),
    },
    { key: 'status', header: 'Status', cell: (e) => <StatusBadge looks={EXECUTION_STATUS} status={e.status} /> },
    {
      key: 'step',
      header: 'Current step',
      className: 'max-w-72',
      cell: (e) => <span className="line-clamp-2 text-slate-600">{listDetail(e, workflow)}</span>,
    },
    {
      key: 'started',
      header: 'Started',
      className: 'whitespace-nowrap',
      cell: (e) => <RelativeTime iso={e.startedAt} />,
    },
    {
      key: 'ended',
      header: 'Ended',
      className: 'whitespace-nowrap',
      cell: (e) => <RelativeTime iso={e.endedAt} className={e.endedAt ? undefined : 'text-slate-400'} />,
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'text-right',
      cell: (e) =>
        isActive(e.status) ? (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Cancel the execution for ${e.contactEmail ?? 'this contact'}`}
            onClick={() => setCancelling(e)}
          >
            Cancel
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <Table caption="Executions" columns={columns} rows={rows} rowKey={(e) => e.id} />
      {cancelling && (
        <CancelExecutionDialog workflowId={workflow.id} execution={cancelling} onClose={() => setCancelling(null)} />
      )}
    </>
  );
}
