/**
 * A workflow's executions: filter by status and page through (both kept in the URL, so a reload or
 * Back shows the same page), cancel one or all, start one for a contact.
 */
import { useQuery } from '@tanstack/react-query';
import { Ban, Play } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/States.tsx';
import { Pager } from '../../components/Table.tsx';
import { formatNumber, plural } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { useCursorPaging, useSearchParamState } from '../../lib/url-state.ts';
import { executionQueries } from '../../queries/executions.ts';
import { workflowQueries } from '../../queries/workflows.ts';
import { CancelAllDialog } from './executions/CancelAllDialog.tsx';
import { ExecutionsTable } from './executions/ExecutionsTable.tsx';
import { StartDialog } from './executions/StartDialog.tsx';
import { StatusFilter } from './executions/StatusFilter.tsx';
import { EXECUTION_STATUSES, STATUS_INFO, type Workflow } from './model.ts';
import { RowsSkeleton, WorkflowHeader } from './parts.tsx';

const PAGE_SIZE = 25;

export function ExecutionsPage() {
  const { workflowId = '' } = useParams();
  const project = useProject();
  const [rawStatus, setStatus] = useSearchParamState('status');
  const status = EXECUTION_STATUSES.find((s) => s === rawStatus);
  const paging = useCursorPaging();
  const workflow = useQuery(workflowQueries.one(project, workflowId));
  const list = useQuery(workflowQueries.list(project));
  const counts = list.data?.find((w) => w.id === workflowId);
  const executions = useQuery(
    executionQueries.list(project, workflowId, { status, cursor: paging.cursor, limit: PAGE_SIZE }),
  );
  const [starting, setStarting] = useState(false);
  const [cancelAll, setCancelAll] = useState(false);

  if (workflow.isError) return <ErrorState error={workflow.error} retry={() => workflow.refetch()} />;
  const wf = workflow.data;
  const active = counts?.activeExecutionCount ?? 0;

  return (
    <>
      {wf ? (
        <WorkflowHeader
          workflowId={workflowId}
          name={wf.name}
          enabled={wf.enabled}
          activeCount={active}
          description={
            counts ? `${plural(counts.executionCount, 'execution')}, ${formatNumber(active)} in progress` : undefined
          }
          actions={
            <>
              {active > 0 && (
                <Button
                  variant="secondary"
                  icon={<Ban className="size-4" aria-hidden />}
                  onClick={() => setCancelAll(true)}
                >
                  Cancel all active
                </Button>
              )}
              <Button
                icon={<Play className="size-4" aria-hidden />}
                onClick={() => setStarting(true)}
                disabled={!wf.enabled}
                title={wf.enabled ? undefined : 'Enable the workflow first'}
              >
                Run for a contact
              </Button>
            </>
          }
        />
      ) : (
        <HeaderSkeleton />
      )}

      <StatusFilter status={status} onChange={(s) => setStatus(s)} />

      {executions.isPending && <RowsSkeleton label="Loading executions" rows={5} />}
      {executions.isError && <ErrorState error={executions.error} retry={() => executions.refetch()} />}
      {executions.isSuccess && executions.data.data.length === 0 && (
        <EmptyState
          title={status ? `No ${STATUS_INFO[status].label.toLowerCase()} executions` : 'No executions yet'}
          description={status ? 'Try another status.' : emptyHint(wf)}
        />
      )}
      {executions.isSuccess && executions.data.data.length > 0 && (
        <>
          <ExecutionsTable workflowId={workflowId} workflow={wf} rows={executions.data.data} />
          <Pager
            label={
              paging.pageIndex === 0 && executions.data.total > 0
                ? plural(executions.data.total, 'execution')
                : `Page ${paging.pageIndex + 1}`
            }
            onPrev={paging.hasPrev ? paging.prev : undefined}
            onNext={executions.data.hasMore ? () => paging.next(executions.data.cursor) : undefined}
          />
        </>
      )}

      <CancelAllDialog workflowId={workflowId} active={active} open={cancelAll} onClose={() => setCancelAll(false)} />
      {starting && <StartDialog workflowId={workflowId} onClose={() => setStarting(false)} />}
    </>
  );
}

function emptyHint(wf: Workflow | undefined): string {
  if (wf?.triggerType !== 'EVENT') return 'Executions show up here once the workflow runs.';
  const event = String(wf.triggerConfig.eventName ?? 'the trigger event');
  return `When ${event} is tracked for a contact while the workflow is enabled, an execution starts and shows up here.`;
}

function HeaderSkeleton() {
  return (
    <div role="status" aria-label="Loading workflow" className="mb-4">
      <Skeleton className="mb-2 h-4 w-40" />
      <Skeleton className="mb-5 h-7 w-64" />
      <Skeleton className="h-9 w-56" />
    </div>
  );
}
