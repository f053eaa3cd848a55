import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, Workflow as WorkflowIcon, Zap } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { fieldError } from '../../api/client.ts';
import { useProject } from '../../app/project-context.tsx';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { TextArea, TextInput } from '../../components/Field.tsx';
import { Badge, PageHeader } from '../../components/Layout.tsx';
import { EmptyState, ErrorState, FormError, Skeleton } from '../../components/States.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { formatNumber, formatRelative } from '../../lib/format.ts';
import { useEventNames, useWorkflows, workflowKeys } from './api.ts';
import { triggerWords, type WorkflowListItem } from './model.ts';

/** Every workflow of the project with its state, trigger and counts; creating one opens its canvas. */
export function WorkflowsPage() {
  const { to } = useProject();
  const workflows = useWorkflows();
  const [creating, setCreating] = useState(false);

  const columns: Column<WorkflowListItem>[] = [
    {
      key: 'name',
      header: 'Workflow',
      cell: (w) => (
        <div className="min-w-0">
          <Link to={to('workflows', w.id)} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
            {w.name}
          </Link>
          {w.description && <p className="truncate text-xs text-slate-500">{w.description}</p>}
        </div>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (w) => (w.enabled ? <Badge tone="green">Enabled</Badge> : <Badge>Draft</Badge>),
    },
    {
      key: 'trigger',
      header: 'Trigger',
      cell: (w) => (
        <span className="inline-flex items-center gap-1.5 text-slate-700">
          <Zap className="size-3.5 text-brand-600" aria-hidden />
          <span className={w.triggerType === 'EVENT' ? 'font-mono text-xs' : ''}>{triggerWords(w)}</span>
        </span>
      ),
    },
    { key: 'steps', header: 'Steps', className: 'text-right tabular-nums', cell: (w) => formatNumber(w.stepCount - 1) },
    {
      key: 'active',
      header: 'In progress',
      className: 'text-right tabular-nums',
      cell: (w) => (
        <Link to={to('workflows', w.id, 'executions')} className="hover:underline">
          {formatNumber(w.activeExecutionCount)}
        </Link>
      ),
    },
    {
      key: 'total',
      header: 'Executions',
      className: 'text-right tabular-nums',
      cell: (w) => formatNumber(w.executionCount),
    },
    {
      key: 'updated',
      header: 'Updated',
      className: 'whitespace-nowrap text-slate-500',
      cell: (w) => <time dateTime={w.updatedAt}>{formatRelative(w.updatedAt)}</time>,
    },
  ];

  return (
    <>
      <PageHeader
        title="Workflows"
        description="Automations that run for each contact: start on an event, send, wait, branch and update."
        actions={
          <Button icon={<Plus className="size-4" aria-hidden />} onClick={() => setCreating(true)}>
            New workflow
          </Button>
        }
      />
      {workflows.isPending && <ListSkeleton />}
      {workflows.isError && <ErrorState error={workflows.error} retry={() => workflows.refetch()} />}
      {workflows.isSuccess && workflows.data.length === 0 && (
        <EmptyState
          icon={<WorkflowIcon className="size-8" aria-hidden />}
          title="No workflows yet"
          description="A workflow starts when a contact does something you track, like signing up, and takes them through emails, waits and branches."
          action={
            <Button icon={<Plus className="size-4" aria-hidden />} onClick={() => setCreating(true)}>
              Create your first workflow
            </Button>
          }
        />
      )}
      {workflows.isSuccess && workflows.data.length > 0 && (
        <Table caption="Workflows" columns={columns} rows={workflows.data} rowKey={(w) => w.id} />
      )}
      <CreateWorkflowDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}

/** The table's frame with grey rows, the size the loaded table will have. */
function ListSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading workflows"
      className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <div className="h-9 border-b border-slate-200 bg-slate-50" />
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex items-center gap-6 border-b border-slate-100 px-4 py-3 last:border-0">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-5 w-16 rounded-full" />
          <Skeleton className="h-4 w-32" />
          <Skeleton className="ml-auto h-4 w-24" />
        </div>
      ))}
    </div>
  );
}

/** Name and trigger event; the API makes the trigger step and the workflow starts disabled. */
function CreateWorkflowDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { api, projectId, to } = useProject();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const events = useEventNames();
  const [name, setName] = useState('');
  const [eventName, setEventName] = useState('');
  const [description, setDescription] = useState('');
  const create = useMutation({
    mutationFn: () =>
      api.post('/workflows', {
        body: { name, eventName, ...(description.trim() ? { description: description.trim() } : {}) },
      }),
    onSuccess: (w) => {
      qc.setQueryData(workflowKeys.one(projectId, w.id), w);
      qc.invalidateQueries({ queryKey: workflowKeys.list(projectId) });
      navigate(to('workflows', w.id));
    },
  });
  const close = () => {
    create.reset();
    setName('');
    setEventName('');
    setDescription('');
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  const nameError = fieldError(create.error, 'name');
  const eventError = fieldError(create.error, 'eventName');
  const descriptionError = fieldError(create.error, 'description');
  return (
    <Dialog
      open={open}
      onClose={close}
      title="New workflow"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="new-workflow" loading={create.isPending}>
            Create and open
          </Button>
        </>
      }
    >
      <form id="new-workflow" onSubmit={submit} className="space-y-4" noValidate>
        <FormError error={create.error && !nameError && !eventError && !descriptionError ? create.error : null} />
        <TextInput
          label="Name"
          required
          autoFocus
          placeholder="Onboarding"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={nameError}
        />
        <TextInput
          label="Trigger event"
          required
          list="workflow-event-names"
          placeholder="user.signed_up"
          value={eventName}
          onChange={(e) => setEventName(e.target.value)}
          error={eventError}
          hint="Each time this event is tracked for a contact (POST /v1/track), they enter the workflow."
          className="font-mono"
        />
        <datalist id="workflow-event-names">
          {events.data?.names.map((n) => (
            <option key={n.name} value={n.name} />
          ))}
        </datalist>
        <TextArea
          label="Description (optional)"
          rows={2}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={descriptionError}
        />
      </form>
    </Dialog>
  );
}
