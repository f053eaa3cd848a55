/** Every workflow of the project with its state, trigger and counts; creating one opens its canvas. */
import { useQuery } from '@tanstack/react-query';
import { Plus, Workflow as WorkflowIcon, Zap } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { TextArea, TextInput } from '../../components/Field.tsx';
import { ListScreen } from '../../components/ListScreen.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { EmptyState } from '../../components/States.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { useDraft } from '../../forms/use-draft.ts';
import { formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { useAction } from '../../queries/use-action.ts';
import { workflowMutations, workflowQueries } from '../../queries/workflows.ts';
import { EventNameInput } from './fields/EventNameInput.tsx';
import { triggerWords, type WorkflowListItem } from './model.ts';
import { WorkflowState } from './parts.tsx';

export function WorkflowsPage() {
  const { t } = useTranslation();
  const scope = useProject();
  const workflows = useQuery(workflowQueries.list(scope));
  const [creating, setCreating] = useState(false);
  const create = (label: string) => (
    <Button icon={<Plus className="size-4" aria-hidden />} onClick={() => setCreating(true)}>
      {label}
    </Button>
  );

  return (
    <>
      <ListScreen
        title={t('Workflows')}
        description={t('Automations that run for each contact: start on an event, send, wait, branch and update.')}
        actions={create(t('New workflow'))}
        query={workflows}
        loadingLabel={t('Loading workflows')}
        loadingRows={4}
        empty={
          <EmptyState
            icon={<WorkflowIcon className="size-8" aria-hidden />}
            title={t('No workflows yet')}
            description={t(
              'A workflow starts when a contact does something you track, like signing up, and takes them through emails, waits and branches.',
            )}
            action={create(t('Create your first workflow'))}
          />
        }
      >
        {(rows) => <WorkflowTable rows={rows} />}
      </ListScreen>
      {creating && <CreateWorkflowDialog onClose={() => setCreating(false)} />}
    </>
  );
}

function WorkflowTable({ rows }: { rows: WorkflowListItem[] }) {
  const { t } = useTranslation();
  const { to } = useProject();
  const columns: Column<WorkflowListItem>[] = [
    {
      key: 'name',
      header: t('Workflow'),
      cell: (w) => (
        <div className="min-w-0">
          <Link to={to('workflows', w.id)} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
            {w.name}
          </Link>
          {w.description && <p className="truncate text-xs text-slate-500">{w.description}</p>}
        </div>
      ),
    },
    { key: 'status', header: t('Status'), cell: (w) => <WorkflowState enabled={w.enabled} /> },
    {
      key: 'trigger',
      header: t('Trigger'),
      cell: (w) => (
        <span className="inline-flex items-center gap-1.5 text-slate-700">
          <Zap className="size-3.5 text-brand-600" aria-hidden />
          <span className={w.triggerType === 'EVENT' ? 'font-mono text-xs' : ''}>{triggerWords(w)}</span>
        </span>
      ),
    },
    {
      key: 'steps',
      header: t('Steps'),
      className: 'text-right tabular-nums',
      cell: (w) => formatNumber(w.stepCount - 1),
    },
    {
      key: 'active',
      header: t('In progress'),
      className: 'text-right tabular-nums',
      cell: (w) => (
        <Link to={to('workflows', w.id, 'executions')} className="hover:underline">
          {formatNumber(w.activeExecutionCount)}
        </Link>
      ),
    },
    {
      key: 'total',
      header: t('Executions'),
      className: 'text-right tabular-nums',
      cell: (w) => formatNumber(w.executionCount),
    },
    {
      key: 'updated',
      header: t('Updated'),
      className: 'whitespace-nowrap text-slate-500',
      cell: (w) => <RelativeTime iso={w.updatedAt} />,
    },
  ];
  return <Table caption={t('Workflows')} columns={columns} rows={rows} rowKey={(w) => w.id} />;
}

/**
 * Name and trigger event; the API makes the trigger step and the workflow starts disabled. Mounted
 * only while open, so each opening starts empty.
 */
function CreateWorkflowDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const scope = useProject();
  const navigate = useNavigate();
  // The canvas opens on the API's answer (the mutation stores it) instead of asking again.
  const save = useAction(workflowMutations.create(scope), {
    inline: true,
    onSuccess: (w) => navigate(scope.to('workflows', w.id)),
  });
  const d = useDraft(
    { name: '', eventName: '', description: '' },
    {
      save,
      toBody: ({ description, ...rest }) => ({
        ...rest,
        ...(description.trim() ? { description: description.trim() } : {}),
      }),
      leaveMessage: t('This workflow is not created yet. Leave and lose it?'),
    },
  );
  return (
    <FormDialog open onClose={onClose} title={t('New workflow')} submitLabel={t('Create and open')} draft={d}>
      {/* No `required`: the API's messages say what is missing, where the browser's would stop the form. */}
      <TextInput label={t('Name')} aria-required autoFocus placeholder={t('Onboarding')} {...d.text('name')} />
      <EventNameInput
        label={t('Trigger event')}
        aria-required
        // i18n-ignore: an event name, as the API takes it
        placeholder="user.signed_up"
        {...d.text('eventName')}
        hint={t('Each time this event is tracked for a contact (POST /v1/track), they enter the workflow.')}
      />
      <TextArea label={t('Description (optional)')} rows={2} {...d.text('description')} />
    </FormDialog>
  );
}
