/** A workflow's name and description; deleting the workflow lives here too, behind a confirmation. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { fieldError } from '../../../api/client.ts';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/Dialog.tsx';
import { TextArea, TextInput } from '../../../components/Field.tsx';
import { FormError } from '../../../components/States.tsx';
import { FormDialog } from '../../../forms/FormDialog.tsx';
import { useProject } from '../../../lib/project-context.tsx';
import { toast } from '../../../lib/toasts.ts';
import { eventQueries } from '../../../queries/events.ts';
import { executionQueries } from '../../../queries/executions.ts';
import { setupQueries } from '../../../queries/setup.ts';
import { templateQueries } from '../../../queries/templates.ts';
import { workflowQueries } from '../../../queries/workflows.ts';
import type { Workflow } from '../model.ts';
import { useGraphEdits } from './use-graph-edits.ts';

export function DetailsDialog({ workflow, open, onClose }: { workflow: Workflow; open: boolean; onClose: () => void }) {
  const { patchWorkflow } = useGraphEdits(workflow.id);
  const [name, setName] = useState(workflow.name);
  const [description, setDescription] = useState(workflow.description ?? '');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const error = patchWorkflow.error;
  const nameError = fieldError(error, 'name');
  const descriptionError = fieldError(error, 'description');
  const submit = () =>
    patchWorkflow.mutate(
      { name, description: description.trim() ? description.trim() : null },
      {
        onSuccess: () => {
          toast('Details saved');
          onClose();
        },
      },
    );
  return (
    <>
      <FormDialog
        open={open && !confirmDelete}
        onClose={onClose}
        title="Workflow details"
        submitLabel="Save"
        onSubmit={submit}
        busy={patchWorkflow.isPending}
        error={error && !nameError && !descriptionError ? error : null}
      >
        <TextInput label="Name" value={name} onChange={(e) => setName(e.target.value)} error={nameError} />
        <TextArea
          label="Description"
          rows={3}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={descriptionError}
        />
        <Button
          variant="ghost"
          className="text-red-700 hover:bg-red-50"
          icon={<Trash2 className="size-4" aria-hidden />}
          onClick={() => setConfirmDelete(true)}
        >
          Delete workflow
        </Button>
      </FormDialog>
      <DeleteWorkflowDialog workflow={workflow} open={confirmDelete} onClose={() => setConfirmDelete(false)} />
    </>
  );
}

function DeleteWorkflowDialog({ workflow, open, onClose }: { workflow: Workflow; open: boolean; onClose: () => void }) {
  const scope = useProject();
  const { api, projectId, to } = scope;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const remove = useMutation({
    mutationFn: () => api.delete('/workflows/{id}', { path: { id: workflow.id } }),
    onSuccess: () => {
      qc.removeQueries({ queryKey: workflowQueries.one(scope, workflow.id).queryKey });
      toast(`“${workflow.name}” deleted`);
      navigate(to('workflows'));
    },
    meta: {
      errorShownInline: true,
      // Not the whole workflows prefix: this workflow's page is still shown until the navigation,
      // and asking for it again would flash "not found".
      invalidates: [
        workflowQueries.list(scope).queryKey,
        workflowQueries.fields(scope).queryKey,
        executionQueries.all(projectId),
        templateQueries.all(projectId),
        eventQueries.all(projectId),
        setupQueries.all(projectId),
      ],
    },
  });
  return (
    <ConfirmDialog
      open={open}
      onClose={() => {
        remove.reset();
        onClose();
      }}
      onConfirm={() => remove.mutate()}
      busy={remove.isPending}
      title={`Delete “${workflow.name}”?`}
      confirmLabel="Delete workflow"
    >
      <div className="space-y-3">
        <p>Its steps and its finished executions are deleted too. This cannot be undone.</p>
        <FormError error={remove.error} />
      </div>
    </ConfirmDialog>
  );
}
