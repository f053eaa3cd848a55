/** Asks before cancelling every running or waiting execution of a workflow. */
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/Dialog.tsx';
import { useProject } from '../../../lib/project-context.tsx';
import { toast } from '../../../lib/toasts.ts';
import { executionMutations } from '../../../queries/executions.ts';
import { useAction } from '../../../queries/use-action.ts';

export function CancelAllDialog({
  workflowId,
  active,
  onClose,
}: {
  workflowId: string;
  active: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const cancelAll = useAction(executionMutations.cancelAll(useProject(), workflowId), {
    inline: true,
    onSuccess: (r) => {
      toast(t('{count, plural, one {# execution cancelled} other {# executions cancelled}}', { count: r.cancelled }));
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      action={cancelAll}
      title={t('Cancel every active execution?')}
      confirmLabel={t('Cancel all')}
    >
      <p>
        {t(
          '{count, plural, one {# execution is running or waiting.} other {# executions are running or waiting.}} They stop where they are; nothing more is sent to those contacts by this workflow.',
          { count: active },
        )}
      </p>
    </ConfirmDialog>
  );
}
