/** Asks before cancelling every running or waiting execution of a workflow. */
import { useMutation } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/Dialog.tsx';
import { FormError } from '../../../components/States.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useProject } from '../../../lib/project-context.tsx';
import { toast } from '../../../lib/toasts.ts';
import { executionChanges } from '../../../queries/executions.ts';

export function CancelAllDialog({
  workflowId,
  active,
  open,
  onClose,
}: {
  workflowId: string;
  active: number;
  open: boolean;
  onClose: () => void;
}) {
  const { api, projectId } = useProject();
  const cancelAll = useMutation({
    mutationFn: () => api.post('/workflows/{id}/executions/cancel-all', { path: { id: workflowId } }),
    onSuccess: (r) => {
      toast(r.cancelled === 1 ? '1 execution cancelled' : `${formatNumber(r.cancelled)} executions cancelled`);
      onClose();
    },
    meta: { invalidates: executionChanges(projectId), errorShownInline: true },
  });
  return (
    <ConfirmDialog
      open={open}
      onClose={() => {
        cancelAll.reset();
        onClose();
      }}
      onConfirm={() => cancelAll.mutate()}
      busy={cancelAll.isPending}
      title="Cancel every active execution?"
      confirmLabel="Cancel all"
    >
      <div className="space-y-3">
        <p>
          {active === 1 ? '1 execution is' : `${formatNumber(active)} executions are`} running or waiting. They stop
          where they are; nothing more is sent to those contacts by this workflow.
        </p>
        <FormError error={cancelAll.error} />
      </div>
    </ConfirmDialog>
  );
}
