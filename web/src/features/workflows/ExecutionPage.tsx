/** One execution: where it is or how it ended, each step it ran (status, times, output or error), its path on the graph. */
import { useQuery } from '@tanstack/react-query';
import { ReactFlowProvider } from '@xyflow/react';
import { AlertTriangle, Ban, Mail } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { Button, LinkButton } from '../../components/Button.tsx';
import { JsonBlock } from '../../components/CodeBlock.tsx';
import { Fact } from '../../components/Fact.tsx';
import { Badge, Card } from '../../components/Layout.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/States.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { executionQueries } from '../../queries/executions.ts';
import { workflowQueries } from '../../queries/workflows.ts';
import { CancelExecutionDialog } from './executions/CancelExecutionDialog.tsx';
import { PathCanvas } from './executions/PathCanvas.tsx';
import { StatusBadge } from './executions/StatusBadge.tsx';
import { StepHistory } from './executions/StepHistory.tsx';
import { formatDuration, whereNow } from './executions/where-now.ts';
import { WorkflowHeader } from './parts.tsx';

export function ExecutionPage() {
  const { workflowId = '', executionId = '' } = useParams();
  const project = useProject();
  const { to } = project;
  const workflow = useQuery(workflowQueries.one(project, workflowId));
  const execution = useQuery(executionQueries.one(project, workflowId, executionId));
  const [confirm, setConfirm] = useState(false);

  if (execution.isError) {
    if (execution.error instanceof ApiError && execution.error.status === 404) {
      return (
        <EmptyState
          title="Execution not found"
          description="It belongs to another workflow, or the workflow was deleted."
          action={
            <Link
              to={to('workflows', workflowId, 'executions')}
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              Back to executions
            </Link>
          }
        />
      );
    }
    return <ErrorState error={execution.error} retry={() => execution.refetch()} />;
  }
  if (execution.isPending || workflow.isPending) return <DetailSkeleton />;
  if (workflow.isError) return <ErrorState error={workflow.error} retry={() => workflow.refetch()} />;
  const e = execution.data;
  const wf = workflow.data;
  const active = e.status === 'RUNNING' || e.status === 'WAITING';

  return (
    <>
      <WorkflowHeader
        workflowId={workflowId}
        name={wf.name}
        title={`Execution for ${e.contactEmail ?? 'a deleted contact'}`}
        crumbs={[{ label: 'Executions', to: to('workflows', workflowId, 'executions') }]}
        description={
          <span className="inline-flex items-center gap-2">
            <StatusBadge status={e.status} /> Started {formatDateTime(e.startedAt)}
            {e.entry > 1 && <Badge>Entry {e.entry}</Badge>}
          </span>
        }
        actions={
          <>
            {e.contactEmail && (
              <LinkButton
                variant="secondary"
                to={`${to('emails')}?${new URLSearchParams({ recipient: e.contactEmail, sourceType: 'WORKFLOW' })}`}
                icon={<Mail className="size-4" aria-hidden />}
              >
                Emails to this contact
              </LinkButton>
            )}
            {active && (
              <Button
                variant="secondary"
                icon={<Ban className="size-4" aria-hidden />}
                onClick={() => setConfirm(true)}
              >
                Cancel execution
              </Button>
            )}
          </>
        }
      />

      <dl className="mb-6 grid grid-cols-2 gap-4 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm xl:grid-cols-4">
        <Fact label="Contact">
          {e.contactEmail ? (
            <Link to={to('contacts', e.contactId)} className="font-medium text-brand-700 hover:underline">
              {e.contactEmail}
            </Link>
          ) : (
            'Deleted contact'
          )}
        </Fact>
        <Fact label={active ? 'Now' : 'Outcome'}>{whereNow(e, wf)}</Fact>
        <Fact label="Started">{formatDateTime(e.startedAt)}</Fact>
        <Fact label={e.endedAt ? 'Ended' : 'Running for'}>
          {e.endedAt
            ? `${formatDateTime(e.endedAt)} (${formatDuration(Date.parse(e.endedAt) - Date.parse(e.startedAt))})`
            : formatDuration(Date.now() - Date.parse(e.startedAt))}
        </Fact>
      </dl>

      {e.status === 'FAILED' && e.error && (
        <div
          role="alert"
          className="mb-6 flex gap-2 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <div>
            <p className="font-medium">The execution failed</p>
            <p className="mt-0.5">{e.error}</p>
          </div>
        </div>
      )}

      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Card title="Steps">
          <StepHistory execution={e} workflow={wf} />
        </Card>
        <div className="space-y-6">
          <Card title="Path">
            <div className="h-96 overflow-hidden rounded-md border border-slate-100 bg-slate-50">
              <ReactFlowProvider>
                <PathCanvas execution={e} workflow={wf} />
              </ReactFlowProvider>
            </div>
          </Card>
          <Card title="Data">
            <div className="space-y-4">
              <div>
                <h3 className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-500">Trigger event</h3>
                {Object.keys(e.event).length ? (
                  <JsonBlock label="Trigger event data" value={e.event} />
                ) : (
                  <p className="text-sm text-slate-500">No event data.</p>
                )}
              </div>
              <div>
                <h3 className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-500">Context</h3>
                {Object.keys(e.context).length ? (
                  <JsonBlock label="Execution context" value={e.context} />
                ) : (
                  <p className="text-sm text-slate-500">No context was given.</p>
                )}
              </div>
            </div>
          </Card>
        </div>
      </div>

      <CancelExecutionDialog workflowId={workflowId} execution={confirm ? e : null} onClose={() => setConfirm(false)} />
    </>
  );
}

function DetailSkeleton() {
  return (
    <div role="status" aria-label="Loading execution">
      <Skeleton className="mb-2 h-4 w-64" />
      <Skeleton className="mb-2 h-7 w-80" />
      <Skeleton className="mb-6 h-5 w-56" />
      <Skeleton className="mb-6 h-20 w-full rounded-lg" />
      <div className="grid gap-6 xl:grid-cols-2">
        <Skeleton className="h-96 rounded-lg" />
        <Skeleton className="h-96 rounded-lg" />
      </div>
    </div>
  );
}
