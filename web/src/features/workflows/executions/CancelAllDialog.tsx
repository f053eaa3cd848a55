/** Asks before cancelling every running or waiting execution of a workflow. */
import { ConfirmDialog } from '../../../components/Dialog.tsx';
import { formatNumber } from '../../../lib/format.ts';
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
  const cancelAll = useAction(executionMutations.cancelAll(useProject(), workflowId), {
    inline: true,
    onSuccess: (r) => {
      toast(r.cancelled === 1 ? '1 execution cancelled' : `${formatNumber(r.cancelled)} executions cancelled`);
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      action={cancelAll}
      title="Cancel every active execution?"
      confirmLabel="Cancel all"
    >
      <p>
        {active === 1 ? '1 execution is' : `${formatNumber(active)} executions are`} running or waiting. They stop where
        they are; nothing more is sent to those contacts by this workflow.
      </p>
    </ConfirmDialog>
  );
}
