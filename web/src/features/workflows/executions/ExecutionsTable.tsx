/** A page of executions: contact, status, where it is, when it started and ended; active ones can be cancelled. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/Button.tsx';
import { RelativeTime } from '../../../components/RelativeTime.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { type Column, Table } from '../../../components/Table.tsx';
import { i18n } from '../../../i18n/i18n.ts';
import { useProject } from '../../../lib/project-context.tsx';
import { isActive } from '../../../queries/executions.ts';
import { EXECUTION_STATUS, type ExecutionSummary, type Workflow } from '../model.ts';
import { CancelExecutionDialog } from './CancelExecutionDialog.tsx';
import { listDetail } from './where-now.ts';

const contactOf = (e: ExecutionSummary) => e.contactEmail ?? i18n.t('Deleted contact');

export function ExecutionsTable({ workflow, rows }: { workflow: Workflow; rows: ExecutionSummary[] }) {
  const { t } = useTranslation();
  const { to } = useProject();
  // A cancel cannot be taken back: one click on a row's button only asks.
  const [cancelling, setCancelling] = useState<ExecutionSummary | null>(null);

  const columns: Column<ExecutionSummary>[] = [
    {
      key: 'contact',
      header: t('Contact'),
      cell: (e) => (
        <Link
          to={to('workflows', workflow.id, 'executions', e.id)}
          className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
        >
          {contactOf(e)}
        </Link>
      ),
    },
    { key: 'status', header: t('Status'), cell: (e) => <StatusBadge looks={EXECUTION_STATUS} status={e.status} /> },
    {
      key: 'step',
      header: t('Current step'),
      className: 'max-w-72',
      cell: (e) => <span className="line-clamp-2 text-slate-600">{listDetail(e, workflow)}</span>,
    },
    {
      key: 'started',
      header: t('Started'),
      className: 'whitespace-nowrap',
      cell: (e) => <RelativeTime iso={e.startedAt} />,
    },
    {
      key: 'ended',
      header: t('Ended'),
      className: 'whitespace-nowrap',
      cell: (e) => <RelativeTime iso={e.endedAt} className={e.endedAt ? undefined : 'text-slate-400'} />,
    },
    {
      key: 'actions',
      header: <span className="sr-only">{t('Actions')}</span>,
      className: 'text-right',
      cell: (e) =>
        isActive(e.status) ? (
          <Button
            size="sm"
            variant="secondary"
            aria-label={
              e.contactEmail
                ? t('Cancel the execution for {email}', { email: e.contactEmail })
                : t('Cancel the execution for this contact')
            }
            onClick={() => setCancelling(e)}
          >
            {t('Cancel')}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <Table caption={t('Executions')} columns={columns} rows={rows} rowKey={(e) => e.id} />
      {cancelling && (
        <CancelExecutionDialog workflowId={workflow.id} execution={cancelling} onClose={() => setCancelling(null)} />
      )}
    </>
  );
}
