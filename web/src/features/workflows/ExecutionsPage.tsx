/** A workflow's executions: filter by status, page through, cancel one or all, start one for a contact. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, Play } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError, fieldError } from '../../api/client.ts';
import { projectKey, useProject } from '../../app/project-context.tsx';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog, Dialog } from '../../components/Dialog.tsx';
import { TextArea, TextInput } from '../../components/Field.tsx';
import { Badge } from '../../components/Layout.tsx';
import { EmptyState, ErrorState, FormError, Skeleton } from '../../components/States.tsx';
import { type Column, Pager, Table } from '../../components/Table.tsx';
import { useToast } from '../../components/Toast.tsx';
import { cx } from '../../lib/cx.ts';
import { formatDateTime, formatNumber, formatRelative } from '../../lib/format.ts';
import { useExecutions, useWorkflow, useWorkflows, workflowKeys } from './api.ts';
import {
  EXECUTION_STATUSES,
  type ExecutionStatus,
  type ExecutionSummary,
  STATUS_INFO,
  stepTitle,
  type Workflow,
} from './model.ts';
import { WorkflowHeader } from './parts.tsx';

export function StatusBadge({ status }: { status: ExecutionStatus }) {
  const info = STATUS_INFO[status];
  return <Badge tone={info.tone}>{info.label}</Badge>;
}

/** Where an execution is: the step it is at (and what it waits for), or how it ended. */
export function whereNow(e: ExecutionSummary, workflow: Workflow | undefined): string {
  const step = e.currentStepId ? workflow?.steps.find((s) => s.id === e.currentStepId) : undefined;
  const at = step ? stepTitle(step) : e.currentStepId ? 'A deleted step' : '';
  if (e.status === 'WAITING') {
    if (e.waitingFor) return `${at}: waiting for ${e.waitingFor}${e.dueAt ? ` until ${formatDateTime(e.dueAt)}` : ''}`;
    return `${at}${e.dueAt ? `: until ${formatDateTime(e.dueAt)}` : ''}`;
  }
  if (e.status === 'RUNNING') return at || 'Starting';
  if (e.status === 'EXITED') return e.exitReason ? `Exited: ${e.exitReason}` : 'Exited at an exit step';
  if (e.status === 'FAILED') return e.error ? `Failed: ${e.error}` : 'Failed';
  if (e.status === 'CANCELLED') return 'Cancelled';
  return 'Went through to the end';
}

/** The list's short form: only what the status badge does not already say. */
function listDetail(e: ExecutionSummary, workflow: Workflow | undefined): string {
  if (e.status === 'COMPLETED' || e.status === 'CANCELLED') return '—';
  if (e.status === 'EXITED' && !e.exitReason) return '—';
  return whereNow(e, workflow);
}

export function ExecutionsPage() {
  const { workflowId = '' } = useParams();
  const { to, api, projectId } = useProject();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = EXECUTION_STATUSES.find((s) => s === raw);
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const workflow = useWorkflow(workflowId);
  const list = useWorkflows();
  const counts = list.data?.find((w) => w.id === workflowId);
  const executions = useExecutions(workflowId, status, cursor);
  const [starting, setStarting] = useState(false);
  const [cancelAll, setCancelAll] = useState(false);
  const toast = useToast();
  const qc = useQueryClient();

  const refresh = () => {
    qc.invalidateQueries({ queryKey: workflowKeys.executions(projectId, workflowId) });
    qc.invalidateQueries({ queryKey: workflowKeys.list(projectId) });
  };
  const cancelOne = useMutation({
    mutationFn: (executionId: string) =>
      api.delete('/workflows/{id}/executions/{executionId}', { path: { id: workflowId, executionId } }),
    onSuccess: () => {
      toast('Execution cancelled');
      refresh();
    },
    onError: (e) => toast(e instanceof ApiError ? e.message : 'Could not cancel', 'error'),
  });
  const cancelEvery = useMutation({
    mutationFn: () => api.post('/workflows/{id}/executions/cancel-all', { path: { id: workflowId } }),
    onSuccess: (r) => {
      toast(r.cancelled === 1 ? '1 execution cancelled' : `${formatNumber(r.cancelled)} executions cancelled`);
      setCancelAll(false);
      refresh();
    },
  });

  const setStatus = (s: ExecutionStatus | undefined) => {
    setCursors([]);
    setParams(s ? { status: s } : {}, { replace: true });
  };

  if (workflow.isError) return <ErrorState error={workflow.error} retry={() => workflow.refetch()} />;
  const wf = workflow.data;
  const active = counts?.activeExecutionCount ?? 0;

  const columns: Column<ExecutionSummary>[] = [
    {
      key: 'contact',
      header: 'Contact',
      cell: (e) => (
        <Link
          to={to('workflows', workflowId, 'executions', e.id)}
          className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
        >
          {e.contactEmail ?? 'Deleted contact'}
        </Link>
      ),
    },
    { key: 'status', header: 'Status', cell: (e) => <StatusBadge status={e.status} /> },
    {
      key: 'step',
      header: 'Current step',
      className: 'max-w-72',
      cell: (e) => <span className="line-clamp-2 text-slate-600">{listDetail(e, wf)}</span>,
    },
    {
      key: 'started',
      header: 'Started',
      className: 'whitespace-nowrap',
      cell: (e) => (
        <time dateTime={e.startedAt} title={formatDateTime(e.startedAt)}>
          {formatRelative(e.startedAt)}
        </time>
      ),
    },
    {
      key: 'ended',
      header: 'Ended',
      className: 'whitespace-nowrap',
      cell: (e) =>
        e.endedAt ? (
          <time dateTime={e.endedAt} title={formatDateTime(e.endedAt)}>
            {formatRelative(e.endedAt)}
          </time>
        ) : (
          <span className="text-slate-400">—</span>
        ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'text-right',
      cell: (e) =>
        e.status === 'RUNNING' || e.status === 'WAITING' ? (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Cancel the execution for ${e.contactEmail ?? 'this contact'}`}
            loading={cancelOne.isPending && cancelOne.variables === e.id}
            onClick={() => cancelOne.mutate(e.id)}
          >
            Cancel
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      {wf ? (
        <WorkflowHeader
          workflowId={workflowId}
          name={wf.name}
          enabled={wf.enabled}
          activeCount={active}
          description={
            counts
              ? `${formatNumber(counts.executionCount)} ${counts.executionCount === 1 ? 'execution' : 'executions'}, ${formatNumber(active)} in progress`
              : undefined
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
        <div role="status" aria-label="Loading workflow" className="mb-4">
          <Skeleton className="mb-2 h-4 w-40" />
          <Skeleton className="mb-5 h-7 w-64" />
          <Skeleton className="h-9 w-56" />
        </div>
      )}

      <fieldset aria-label="Filter by status" className="mb-3 flex flex-wrap gap-1.5">
        {[undefined, ...EXECUTION_STATUSES].map((s) => (
          <button
            key={s ?? 'all'}
            type="button"
            aria-pressed={status === s}
            onClick={() => setStatus(s)}
            className={cx(
              'rounded-full border px-3 py-1 text-sm',
              status === s
                ? 'border-brand-600 bg-brand-600 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
            )}
          >
            {s ? STATUS_INFO[s].label : 'All'}
          </button>
        ))}
      </fieldset>

      {executions.isPending && <RowsSkeleton />}
      {executions.isError && <ErrorState error={executions.error} retry={() => executions.refetch()} />}
      {executions.isSuccess && executions.data.data.length === 0 && (
        <EmptyState
          title={status ? `No ${STATUS_INFO[status].label.toLowerCase()} executions` : 'No executions yet'}
          description={
            status
              ? 'Try another status.'
              : wf?.triggerType === 'EVENT'
                ? `When ${String(wf.triggerConfig.eventName ?? 'the trigger event')} is tracked for a contact while the workflow is enabled, an execution starts and shows up here.`
                : 'Executions show up here once the workflow runs.'
          }
        />
      )}
      {executions.isSuccess && executions.data.data.length > 0 && (
        <>
          <Table caption="Executions" columns={columns} rows={executions.data.data} rowKey={(e) => e.id} />
          <Pager
            label={
              cursors.length === 0 && executions.data.total > 0
                ? `${formatNumber(executions.data.total)} ${executions.data.total === 1 ? 'execution' : 'executions'}`
                : `Page ${cursors.length + 1}`
            }
            onPrev={cursors.length > 0 ? () => setCursors((c) => c.slice(0, -1)) : undefined}
            onNext={executions.data.hasMore ? () => setCursors((c) => [...c, executions.data.cursor]) : undefined}
          />
        </>
      )}

      <ConfirmDialog
        open={cancelAll}
        onClose={() => {
          cancelEvery.reset();
          setCancelAll(false);
        }}
        onConfirm={() => cancelEvery.mutate()}
        busy={cancelEvery.isPending}
        title="Cancel every active execution?"
        confirmLabel="Cancel all"
      >
        <div className="space-y-3">
          <p>
            {active === 1 ? '1 execution is' : `${formatNumber(active)} executions are`} running or waiting. They stop
            where they are; nothing more is sent to those contacts by this workflow.
          </p>
          <FormError error={cancelEvery.error} />
        </div>
      </ConfirmDialog>
      {starting && <StartDialog workflowId={workflowId} projectId={projectId} onClose={() => setStarting(false)} />}
    </>
  );
}

function RowsSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading executions"
      className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <div className="h-9 border-b border-slate-200 bg-slate-50" />
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="flex items-center gap-6 border-b border-slate-100 px-4 py-3 last:border-0">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-5 w-20 rounded-full" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="ml-auto h-4 w-24" />
        </div>
      ))}
    </div>
  );
}

/** Picks a contact by email and starts an execution with an optional context. */
function StartDialog({
  workflowId,
  projectId,
  onClose,
}: {
  workflowId: string;
  projectId: string;
  onClose: () => void;
}) {
  const { api, to } = useProject();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [search, setSearch] = useState('');
  const [contact, setContact] = useState<{ id: string; email: string } | null>(null);
  const [context, setContext] = useState('');
  const [contextError, setContextError] = useState<string | undefined>();
  const term = search.trim();
  const matches = useQuery({
    queryKey: projectKey(projectId, 'workflows', 'contact-search', term),
    queryFn: () => api.get('/contacts', { query: { search: term, limit: 6 } }),
    enabled: term.length >= 2 && !contact,
  });
  const start = useMutation({
    mutationFn: (body: { contactId: string; context?: Record<string, unknown> }) =>
      api.post('/workflows/{id}/executions', { path: { id: workflowId }, body }),
    onSuccess: (e) => {
      qc.invalidateQueries({ queryKey: workflowKeys.executions(projectId, workflowId) });
      qc.invalidateQueries({ queryKey: workflowKeys.list(projectId) });
      navigate(to('workflows', workflowId, 'executions', e.id));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!contact) return;
    setContextError(undefined);
    let parsed: Record<string, unknown> | undefined;
    if (context.trim()) {
      try {
        parsed = JSON.parse(context);
      } catch {
        return setContextError('This is not valid JSON.');
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
        return setContextError('Give a JSON object, like {"plan": "pro"}.');
    }
    start.mutate({ contactId: contact.id, ...(parsed ? { context: parsed } : {}) });
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title="Run for a contact"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="start-execution" disabled={!contact} loading={start.isPending}>
            Start execution
          </Button>
        </>
      }
    >
      <form id="start-execution" onSubmit={submit} className="space-y-4" noValidate>
        <FormError error={start.error && !fieldError(start.error, 'context') ? start.error : null} />
        {contact ? (
          <div className="flex items-center justify-between rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
            <span>
              <span className="text-slate-500">Contact: </span>
              <span className="font-medium">{contact.email}</span>
            </span>
            <Button size="sm" variant="ghost" onClick={() => setContact(null)}>
              Change
            </Button>
          </div>
        ) : (
          <div>
            <TextInput
              label="Contact"
              type="search"
              autoFocus
              placeholder="Search by email"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            {term.length >= 2 && (
              <ul
                aria-label="Matching contacts"
                className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200"
              >
                {matches.isPending && <li className="px-3 py-2 text-sm text-slate-500">Searching…</li>}
                {matches.isError && <li className="px-3 py-2 text-sm text-red-700">The search failed; try again.</li>}
                {matches.data?.data.length === 0 && (
                  <li className="px-3 py-2 text-sm text-slate-500">No contact matches.</li>
                )}
                {matches.data?.data.map((c) => (
                  <li key={c.id}>
                    <button
                      type="button"
                      onClick={() => setContact({ id: c.id, email: c.email })}
                      className="w-full px-3 py-2 text-left text-sm hover:bg-brand-50"
                    >
                      {c.email}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <TextArea
          label="Context (optional JSON)"
          rows={3}
          value={context}
          placeholder='{ "coupon": "WELCOME10" }'
          onChange={(e) => setContext(e.target.value)}
          error={contextError ?? fieldError(start.error, 'context')}
          hint="Available to conditions as workflow.<key> and to templates as {{ workflow.<key> }}."
          className="font-mono text-xs"
        />
      </form>
    </Dialog>
  );
}
