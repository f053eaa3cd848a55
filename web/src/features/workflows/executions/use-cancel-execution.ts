/** Cancelling one execution (it stops where it is); the list and its page both ask first. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useProject } from '../../../app/project-context.tsx';
import { toast } from '../../../lib/toasts.ts';
import { executionChanges, executionQueries } from '../../../queries/executions.ts';

export function useCancelExecution(workflowId: string, options: { errorShownInline?: boolean } = {}) {
  const scope = useProject();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (executionId: string) =>
      scope.api.delete('/workflows/{id}/executions/{executionId}', { path: { id: workflowId, executionId } }),
    onSuccess: (e) => {
      qc.setQueryData(executionQueries.one(scope, workflowId, e.id).queryKey, e);
      toast('Execution cancelled');
    },
    meta: { invalidates: executionChanges(scope.projectId), ...options },
  });
}
