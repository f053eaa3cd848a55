/** One execution: where it is or how it ended, each step it ran (status, times, output or error), its path on the graph. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReactFlowProvider } from '@xyflow/react';
import { AlertTriangle, Ban } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useProject } from '../../app/project-context.tsx';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { Badge, Card } from '../../components/Layout.tsx';
import { EmptyState, ErrorState, FormError, Skeleton } from '../../components/States.tsx';
import { useToast } from '../../components/Toast.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useExecution, useWorkflow, workflowKeys } from './api.ts';
import { StatusBadge, whereNow } from './ExecutionsPage.tsx';
import { buildEdges, buildNodes, stepPositions } from './elements.ts';
import { GraphCanvas } from './GraphCanvas.tsx';
import { type Execution, STEP_TYPES, stepTitle, type Workflow } from './model.ts';
import { JsonBlock, StepIcon, WorkflowHeader } from './parts.tsx';

type StepRun = Execution['steps'][number];

/** "120 ms", "4.2 s", "3 min", "2 h 5 min", "3 days". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const min = Math.round(ms / 60_000);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return min % 60 ? `${h} h ${min % 60} min` : `${h} h`;
  return `${Math.round(h / 24)} days`;
}

const RUN_TONE: Record<StepRun['status'], 'green' | 'red' | 'gray'> = {
  COMPLETED: 'green',
  FAILED: 'red',
  SKIPPED: 'gray',
};
const RUN_LABEL: Record<StepRun['status'], string> = { COMPLETED: 'Completed', FAILED: 'Failed', SKIPPED: 'Skipped' };

export function ExecutionPage() {
  const { workflowId = '', executionId = '' } = useParams();
  const { to, api, projectId } = useProject();
  const workflow = useWorkflow(workflowId);
  const execution = useExecution(workflowId, executionId);
  const [confirm, setConfirm] = useState(false);
  const toast = useToast();
  const qc = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => api.delete('/workflows/{id}/executions/{executionId}', { path: { id: workflowId, executionId } }),
    onSuccess: (e) => {
      qc.setQueryData(workflowKeys.execution(projectId, workflowId, executionId), e);
      qc.invalidateQueries({ queryKey: workflowKeys.executions(projectId, workflowId) });
      qc.invalidateQueries({ queryKey: workflowKeys.list(projectId) });
      setConfirm(false);
      toast('Execution cancelled');
    },
  });

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
          active ? (
            <Button variant="secondary" icon={<Ban className="size-4" aria-hidden />} onClick={() => setConfirm(true)}>
              Cancel execution
            </Button>
          ) : undefined
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

      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Card title="Steps">
          <History execution={e} workflow={wf} />
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

      <ConfirmDialog
        open={confirm}
        onClose={() => {
          cancel.reset();
          setConfirm(false);
        }}
        onConfirm={() => cancel.mutate()}
        busy={cancel.isPending}
        title="Cancel this execution?"
        confirmLabel="Cancel execution"
      >
        <div className="space-y-3">
          <p>It stops where it is; the contact gets nothing more from this workflow in this run.</p>
          <FormError error={cancel.error} />
        </div>
      </ConfirmDialog>
    </>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 break-words text-slate-800">{children}</dd>
    </div>
  );
}

function History({ execution: e, workflow }: { execution: Execution; workflow: Workflow }) {
  const byId = new Map(workflow.steps.map((s) => [s.id, s]));
  const current = e.currentStepId ? byId.get(e.currentStepId) : undefined;
  if (e.steps.length === 0 && !current) return <p className="text-sm text-slate-500">No step has run yet.</p>;
  return (
    <ol aria-label="Step history" className="relative space-y-4 border-l border-slate-200 pl-5">
      {e.steps.map((run, i) => {
        const step = byId.get(run.stepId);
        const title = step ? stepTitle(step) : `${STEP_TYPES[run.stepType].label} (deleted)`;
        const took = Date.parse(run.finishedAt) - Date.parse(run.startedAt);
        const hasOutput = Object.keys(run.output).length > 0;
        return (
          <li key={run.id} className="relative">
            <span className="absolute top-0.5 -left-[1.95rem]">
              <StepIcon type={run.stepType} size="sm" />
            </span>
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-sm font-semibold text-slate-900">
                <span className="sr-only">Step {i + 1}: </span>
                {title}
              </span>
              <Badge tone={RUN_TONE[run.status]}>{RUN_LABEL[run.status]}</Badge>
              {run.attempts > 1 && <Badge tone="yellow">{run.attempts} attempts</Badge>}
            </div>
            <p className="mt-0.5 text-xs text-slate-500">
              <time dateTime={run.startedAt}>{formatDateTime(run.startedAt)}</time> · took {formatDuration(took)}
            </p>
            {run.error && <p className="mt-1.5 rounded-md bg-red-50 px-2.5 py-1.5 text-xs text-red-700">{run.error}</p>}
            {hasOutput && (
              <details className="mt-1.5">
                <summary className="cursor-pointer text-xs font-medium text-slate-600 hover:text-slate-900">
                  Output
                </summary>
                <div className="mt-1">
                  <JsonBlock label={`Output of ${title}`} value={run.output} />
                </div>
              </details>
            )}
          </li>
        );
      })}
      {current && (e.status === 'RUNNING' || e.status === 'WAITING') && (
        <li className="relative">
          <span className="absolute top-0.5 -left-[1.95rem]">
            <StepIcon type={current.type} size="sm" />
          </span>
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm font-semibold text-slate-900">{stepTitle(current)}</span>
            <StatusBadge status={e.status} />
          </div>
          <p className="mt-0.5 text-xs text-slate-500">{whereNow(e, workflow)}</p>
        </li>
      )}
    </ol>
  );
}

/** The graph, read-only, with the steps this execution went through lit and the others dimmed. */
function PathCanvas({ execution: e, workflow }: { execution: Execution; workflow: Workflow }) {
  const visited = useMemo(() => {
    const steps = new Set(e.steps.map((r) => r.stepId));
    if (e.currentStepId) steps.add(e.currentStepId);
    return { steps, current: e.currentStepId };
  }, [e]);
  const { positions } = useMemo(() => stepPositions(workflow), [workflow]);
  const nodes = useMemo(
    () => buildNodes(workflow, { positions, problems: [], visited }),
    [workflow, positions, visited],
  );
  const edges = useMemo(
    () => buildEdges(workflow, { positions, problems: [], visited }),
    [workflow, positions, visited],
  );
  return <GraphCanvas label="The execution’s path" nodes={nodes} edges={edges} editable={false} />;
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
