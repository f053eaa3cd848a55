/**
 * A workflow's executions: filter by status and page through (both kept in the URL, so a reload or
 * Back shows the same page), cancel one or all, start one for a contact.
 */
import { useQuery } from '@tanstack/react-query';
import { Ban, Play } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { ChipFilter } from '../../components/ChipFilter.tsx';
import { cursorPages, ListStates } from '../../components/ListScreen.tsx';
import { EmptyState } from '../../components/States.tsx';
import { statusesOf, statusLabel } from '../../components/StatusBadge.tsx';
import { i18n } from '../../i18n/i18n.ts';
import { formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { useCursorPaging, useSearchParamState } from '../../lib/url-state.ts';
import { executionQueries } from '../../queries/executions.ts';
import { workflowQueries } from '../../queries/workflows.ts';
import { CancelAllDialog } from './executions/CancelAllDialog.tsx';
import { ExecutionsTable } from './executions/ExecutionsTable.tsx';
import { StartDialog } from './executions/StartDialog.tsx';
import { EXECUTION_STATUS, type Workflow } from './model.ts';
import { WorkflowHeader, WorkflowScreen } from './parts.tsx';

const STATUSES = statusesOf(EXECUTION_STATUS);

const PAGE_SIZE = 25;

export function ExecutionsPage() {
  return <WorkflowScreen>{(w) => <WorkflowExecutions workflow={w} />}</WorkflowScreen>;
}

function WorkflowExecutions({ workflow }: { workflow: Workflow }) {
  const { t } = useTranslation();
  const scope = useProject();
  const [rawStatus, setStatus] = useSearchParamState('status');
  const status = STATUSES.find((s) => s === rawStatus);
  const paging = useCursorPaging();
  // The counts come with the list (the same query as the workflows page).
  const counts = useQuery(workflowQueries.list(scope)).data?.find((w) => w.id === workflow.id);
  const executions = useQuery(
    executionQueries.list(scope, workflow.id, { status, cursor: paging.cursor, limit: PAGE_SIZE }),
  );
  const [open, setOpen] = useState<'start' | 'cancel-all' | null>(null);
  const active = counts?.activeExecutionCount ?? 0;

  return (
    <>
      <WorkflowHeader
        workflow={workflow}
        activeCount={active}
        description={
          counts
            ? t('{count, plural, one {# execution} other {# executions}}, {active} in progress', {
                count: counts.executionCount,
                active: formatNumber(active),
              })
            : undefined
        }
        actions={
          <>
            {active > 0 && (
              <Button
                variant="secondary"
                icon={<Ban className="size-4" aria-hidden />}
                onClick={() => setOpen('cancel-all')}
              >
                {t('Cancel all active')}
              </Button>
            )}
            <Button
              icon={<Play className="size-4" aria-hidden />}
              onClick={() => setOpen('start')}
              disabled={!workflow.enabled}
              title={workflow.enabled ? undefined : t('Enable the workflow first')}
            >
              {t('Run for a contact')}
            </Button>
          </>
        }
      />
      <ChipFilter values={STATUSES} value={status} onChange={setStatus} labelOf={statusLabel} className="mb-3" />
      <ListStates
        query={executions}
        loadingLabel={t('Loading executions')}
        loadingRows={5}
        empty={
          <EmptyState
            title={
              status
                ? t(
                    '{status, select, RUNNING {No running executions} WAITING {No waiting executions} COMPLETED {No completed executions} EXITED {No exited executions} FAILED {No failed executions} CANCELLED {No cancelled executions} other {No executions}}',
                    { status },
                  )
                : t('No executions yet')
            }
            description={status ? t('Try another status.') : emptyHint(workflow)}
          />
        }
        paging={(page) => cursorPages(paging, page, 'execution')}
      >
        {(page) => <ExecutionsTable workflow={workflow} rows={page.data} />}
      </ListStates>

      {open === 'cancel-all' && (
        <CancelAllDialog workflowId={workflow.id} active={active} onClose={() => setOpen(null)} />
      )}
      {open === 'start' && <StartDialog workflowId={workflow.id} onClose={() => setOpen(null)} />}
    </>
  );
}

function emptyHint(wf: Workflow): string {
  if (wf.triggerType !== 'EVENT') return i18n.t('Executions show up here once the workflow runs.');
  const event = wf.triggerConfig.eventName;
  return event
    ? i18n.t(
        'When {event} is tracked for a contact while the workflow is enabled, an execution starts and shows up here.',
        { event: String(event) },
      )
    : i18n.t(
        'When the trigger event is tracked for a contact while the workflow is enabled, an execution starts and shows up here.',
      );
}
