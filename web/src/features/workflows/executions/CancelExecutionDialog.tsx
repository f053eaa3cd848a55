/** Asks before cancelling one execution (it stops where it is; nothing takes a cancel back). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/Dialog.tsx';
import { FormError } from '../../../components/States.tsx';
import { useProject } from '../../../lib/project-context.tsx';
import { toast } from '../../../lib/toasts.ts';
import { executionChanges, executionQueries } from '../../../queries/executions.ts';
import type { ExecutionSummary } from '../model.ts';

export function CancelExecutionDialog({
  workflowId,
  execution,
  onClose,
}: {
  workflowId: string;
  /** The execution to ask about; null keeps the dialog closed. */
  execution: Pick<ExecutionSummary, 'id' | 'contactEmail'> | null;
  onClose: () => void;
}) {
  const scope = useProject();
  const qc = useQueryClient();
  const cancel = useMutation({
    mutationFn: (executionId: string) =>
      scope.api.delete('/workflows/{id}/executions/{executionId}', { path: { id: workflowId, executionId } }),
    onSuccess: (e) => {
      qc.setQueryData(executionQueries.one(scope, workflowId, e.id).queryKey, e);
      toast('Execution cancelled');
    },
    meta: { invalidates: executionChanges(scope.projectId), errorShownInline: true },
  });
  const close = () => {
    cancel.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={execution !== null}
      onClose={close}
      onConfirm={() => execution && cancel.mutate(execution.id, { onSuccess: close })}
      busy={cancel.isPending}
      title={`Cancel the execution for ${execution?.contactEmail ?? 'a deleted contact'}?`}
      confirmLabel="Cancel execution"
    >
      <div className="space-y-3">
        <p>It stops where it is; the contact gets nothing more from this workflow in this run.</p>
        <FormError error={cancel.error} />
      </div>
    </ConfirmDialog>
  );
}
