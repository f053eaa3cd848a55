/**
 * A workflow's name and description; deleting the workflow lives here too, behind a confirmation.
 * Mounted only while open, so each opening starts from the workflow as it is then.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/Dialog.tsx';
import { TextArea, TextInput } from '../../../components/Field.tsx';
import { leaveUnasked } from '../../../components/LeaveGuard.tsx';
import { FormDialog } from '../../../forms/FormDialog.tsx';
import { useDraft } from '../../../forms/use-draft.ts';
import { useProject } from '../../../lib/project-context.tsx';
import { toast } from '../../../lib/toasts.ts';
import { useAction } from '../../../queries/use-action.ts';
import { workflowMutations } from '../../../queries/workflows.ts';
import type { Workflow } from '../model.ts';
import { DeleteButton } from '../parts.tsx';

export function DetailsDialog({ workflow, onClose }: { workflow: Workflow; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useAction(workflowMutations.update(useProject(), workflow.id), {
    inline: true,
    onSuccess: () => {
      toast(t('Details saved'));
      onClose();
    },
  });
  const d = useDraft(
    { name: workflow.name, description: workflow.description ?? '' },
    {
      save,
      toBody: ({ name, description }) => ({ name, description: description.trim() || null }),
      leaveMessage: t('The workflow’s details are not saved yet. Leave and lose them?'),
    },
  );
  const [confirmDelete, setConfirmDelete] = useState(false);
  return (
    <>
      <FormDialog
        open={!confirmDelete}
        onClose={onClose}
        title={t('Workflow details')}
        submitLabel={t('Save')}
        draft={d}
      >
        <TextInput label={t('Name')} {...d.text('name')} />
        <TextArea label={t('Description')} rows={3} {...d.text('description')} />
        <DeleteButton onClick={() => setConfirmDelete(true)}>{t('Delete workflow')}</DeleteButton>
      </FormDialog>
      {confirmDelete && <DeleteWorkflowDialog workflow={workflow} onClose={() => setConfirmDelete(false)} />}
    </>
  );
}

function DeleteWorkflowDialog({ workflow, onClose }: { workflow: Workflow; onClose: () => void }) {
  const { t } = useTranslation();
  const scope = useProject();
  const navigate = useNavigate();
  const remove = useAction(workflowMutations.remove(scope, workflow.id), {
    inline: true,
    onSuccess: () => {
      toast(t('“{name}” deleted', { name: workflow.name }));
      // Unsaved details of a deleted workflow are nothing to keep.
      leaveUnasked();
      navigate(scope.to('workflows'));
    },
  });
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      action={remove}
      title={t('Delete “{name}”?', { name: workflow.name })}
      confirmLabel={t('Delete workflow')}
    >
      <p>{t('Its steps and its finished executions are deleted too. This cannot be undone.')}</p>
    </ConfirmDialog>
  );
}
