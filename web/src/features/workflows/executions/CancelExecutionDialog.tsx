/** Asks before cancelling one execution (it stops where it is; nothing takes a cancel back). */
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/Dialog.tsx';
import { useProject } from '../../../lib/project-context.tsx';
import { toast } from '../../../lib/toasts.ts';
import { executionMutations } from '../../../queries/executions.ts';
import { useAction } from '../../../queries/use-action.ts';
import type { ExecutionSummary } from '../model.ts';

export function CancelExecutionDialog({
  workflowId,
  execution,
  onClose,
}: {
  workflowId: string;
  execution: Pick<ExecutionSummary, 'id' | 'contactEmail'>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const cancel = useAction(executionMutations.cancel(useProject(), workflowId, execution.id), {
    inline: true,
    onSuccess: () => {
      toast(t('Execution cancelled'));
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      action={cancel}
      title={
        execution.contactEmail
          ? t('Cancel the execution for {email}?', { email: execution.contactEmail })
          : t('Cancel the execution for a deleted contact?')
      }
      confirmLabel={t('Cancel execution')}
    >
      <p>{t('It stops where it is; the contact gets nothing more from this workflow in this run.')}</p>
    </ConfirmDialog>
  );
}
