/** Every workflow of the project with its state, trigger and counts; creating one opens its canvas. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Workflow as WorkflowIcon, Zap } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { fieldError } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { TextArea, TextInput } from '../../components/Field.tsx';
import { Badge, PageHeader } from '../../components/Layout.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { EmptyState, ErrorState } from '../../components/States.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { workflowChanges, workflowQueries } from '../../queries/workflows.ts';
import { EventNameInput } from './fields/EventNameInput.tsx';
import { triggerWords, type WorkflowListItem } from './model.ts';
import { RowsSkeleton } from './parts.tsx';

export function WorkflowsPage() {
  const project = useProject();
  const { to } = project;
  const workflows = useQuery(workflowQueries.list(project));
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
      cell: (w) => <RelativeTime iso={w.updatedAt} />,
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
      {workflows.isPending && <RowsSkeleton label="Loading workflows" rows={4} />}
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

/** Name and trigger event; the API makes the trigger step and the workflow starts disabled. */
function CreateWorkflowDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const project = useProject();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [eventName, setEventName] = useState('');
  const [description, setDescription] = useState('');
  const create = useMutation({
    mutationFn: () =>
      project.api.post('/workflows', {
        body: { name, eventName, ...(description.trim() ? { description: description.trim() } : {}) },
      }),
    onSuccess: (w) => {
      // The canvas opens on the API's answer instead of asking again.
      qc.setQueryData(workflowQueries.one(project, w.id).queryKey, w);
      navigate(project.to('workflows', w.id));
    },
    meta: { invalidates: workflowChanges(project.projectId), errorShownInline: true },
  });
  const close = () => {
    create.reset();
    setName('');
    setEventName('');
    setDescription('');
    onClose();
  };
  const nameError = fieldError(create.error, 'name');
  const eventError = fieldError(create.error, 'eventName');
  const descriptionError = fieldError(create.error, 'description');
  return (
    <FormDialog
      open={open}
      onClose={close}
      title="New workflow"
      submitLabel="Create and open"
      onSubmit={() => create.mutate()}
      busy={create.isPending}
      error={create.error && !nameError && !eventError && !descriptionError ? create.error : null}
    >
      {/* No `required`: the API's messages say what is missing, where the browser's would stop the form. */}
      <TextInput
        label="Name"
        aria-required
        autoFocus
        placeholder="Onboarding"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={nameError}
      />
      <EventNameInput
        label="Trigger event"
        aria-required
        placeholder="user.signed_up"
        value={eventName}
        onChange={(e) => setEventName(e.target.value)}
        error={eventError}
        hint="Each time this event is tracked for a contact (POST /v1/track), they enter the workflow."
      />
      <TextArea
        label="Description (optional)"
        rows={2}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={descriptionError}
      />
    </FormDialog>
  );
}
