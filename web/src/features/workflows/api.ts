/** Workflow data through TanStack Query: keys, reads, and the graph edits that keep the cache current. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Operation, RequestBody } from '../../../../client/index.ts';
import { projectKey, useProject } from '../../app/project-context.tsx';
import type { ExecutionStatus, Transition, Workflow } from './model.ts';

export const workflowKeys = {
  all: (pid: string) => projectKey(pid, 'workflows'),
  list: (pid: string) => projectKey(pid, 'workflows', 'list'),
  one: (pid: string, id: string) => projectKey(pid, 'workflows', 'one', id),
  fields: (pid: string) => projectKey(pid, 'workflows', 'fields'),
  executions: (pid: string, id: string) => projectKey(pid, 'workflows', 'executions', id),
  execution: (pid: string, id: string, executionId: string) =>
    projectKey(pid, 'workflows', 'executions', id, 'one', executionId),
};

export function useWorkflows() {
  const { api, projectId } = useProject();
  return useQuery({ queryKey: workflowKeys.list(projectId), queryFn: () => api.get('/workflows') });
}

export function useWorkflow(id: string) {
  const { api, projectId } = useProject();
  return useQuery({
    queryKey: workflowKeys.one(projectId, id),
    queryFn: () => api.get('/workflows/{id}', { path: { id } }),
  });
}

export function useWorkflowFields() {
  const { api, projectId } = useProject();
  return useQuery({
    queryKey: workflowKeys.fields(projectId),
    queryFn: () => api.get('/workflows/fields'),
    staleTime: 60_000,
  });
}

/** Templates for the SEND_EMAIL picker (the first 100 by the API's order). */
export function useTemplateOptions() {
  const { api, projectId } = useProject();
  return useQuery({
    queryKey: projectKey(projectId, 'workflows', 'template-options'),
    queryFn: () => api.get('/templates', { query: { pageSize: 100 } }),
    staleTime: 30_000,
  });
}

export function useEventNames() {
  const { api, projectId } = useProject();
  return useQuery({
    queryKey: projectKey(projectId, 'workflows', 'event-names'),
    queryFn: () => api.get('/events/names'),
    staleTime: 60_000,
  });
}

export function useSegmentOptions(enabled: boolean) {
  const { api, projectId } = useProject();
  return useQuery({
    queryKey: projectKey(projectId, 'workflows', 'segment-options'),
    queryFn: () => api.get('/segments'),
    staleTime: 60_000,
    enabled,
  });
}

export function useExecutions(id: string, status: ExecutionStatus | undefined, cursor: string | undefined) {
  const { api, projectId } = useProject();
  return useQuery({
    queryKey: [...workflowKeys.executions(projectId, id), status ?? 'all', cursor ?? ''],
    queryFn: () => api.get('/workflows/{id}/executions', { path: { id }, query: { status, cursor, limit: 25 } }),
    placeholderData: keepPreviousData,
    // Executions move by themselves: keep the page fresh while any on it is still going.
    refetchInterval: (q) =>
      q.state.data?.data.some((e) => e.status === 'RUNNING' || e.status === 'WAITING') ? 4000 : false,
  });
}

export function useExecution(id: string, executionId: string) {
  const { api, projectId } = useProject();
  return useQuery({
    queryKey: workflowKeys.execution(projectId, id, executionId),
    queryFn: () => api.get('/workflows/{id}/executions/{executionId}', { path: { id, executionId } }),
    refetchInterval: (q) => (q.state.data?.status === 'RUNNING' || q.state.data?.status === 'WAITING' ? 3000 : false),
  });
}

type StepBody = RequestBody<Operation<'/workflows/{id}/steps', 'post'>>;
type StepPatch = RequestBody<Operation<'/workflows/{id}/steps/{stepId}', 'patch'>>;
type TransitionBody = RequestBody<Operation<'/workflows/{id}/transitions', 'post'>>;
export type WorkflowPatch = RequestBody<Operation<'/workflows/{id}', 'patch'>>;
/** The labels of a way out (a condition's branch, a wait's outcome). */
export type WayBody = { branch?: 'yes' | 'no'; waitOutcome?: 'EVENT' | 'TIMEOUT' };

/**
 * The edits of one workflow's graph and settings. Each writes the API's answer into the cached
 * workflow (positions and removed transitions optimistically), so the canvas never waits for a reload.
 */
export function useGraphEdits(workflowId: string) {
  const { api, projectId } = useProject();
  const qc = useQueryClient();
  const key = workflowKeys.one(projectId, workflowId);
  const update = (fn: (w: Workflow) => Workflow) => qc.setQueryData<Workflow>(key, (w) => (w ? fn(w) : w));
  const refreshLists = () => qc.invalidateQueries({ queryKey: workflowKeys.list(projectId) });

  const addStep = useMutation({
    mutationFn: (body: StepBody) => api.post('/workflows/{id}/steps', { path: { id: workflowId }, body }),
    onSuccess: (step) => {
      update((w) => ({ ...w, steps: [...w.steps, step] }));
      refreshLists();
      qc.invalidateQueries({ queryKey: workflowKeys.fields(projectId) });
    },
  });

  const updateStep = useMutation({
    mutationFn: ({ stepId, body }: { stepId: string; body: StepPatch }) =>
      api.patch('/workflows/{id}/steps/{stepId}', { path: { id: workflowId, stepId }, body }),
    onSuccess: (step) => update((w) => ({ ...w, steps: w.steps.map((s) => (s.id === step.id ? step : s)) })),
  });

  /** Stores positions without waiting (the canvas already shows them); a refused one reloads the graph. */
  const savePositions = async (positions: Array<{ stepId: string; position: { x: number; y: number } }>) => {
    const at = new Map(positions.map((p) => [p.stepId, p.position]));
    update((w) => ({ ...w, steps: w.steps.map((s) => (at.has(s.id) ? { ...s, position: at.get(s.id)! } : s)) }));
    try {
      await Promise.all(
        positions.map((p) =>
          api.patch('/workflows/{id}/steps/{stepId}', {
            path: { id: workflowId, stepId: p.stepId },
            body: { position: p.position },
          }),
        ),
      );
    } catch (e) {
      qc.invalidateQueries({ queryKey: key });
      throw e;
    }
  };

  const deleteStep = useMutation({
    mutationFn: ({ stepId, splice }: { stepId: string; splice: boolean }) =>
      api.delete('/workflows/{id}/steps/{stepId}', {
        path: { id: workflowId, stepId },
        query: splice ? { splice: true } : {},
      }),
    onSuccess: async () => {
      refreshLists();
      await qc.invalidateQueries({ queryKey: key });
    },
  });

  const addTransition = useMutation({
    mutationFn: (body: TransitionBody) => api.post('/workflows/{id}/transitions', { path: { id: workflowId }, body }),
    onSuccess: (t) => update((w) => ({ ...w, transitions: [...w.transitions, t] })),
  });

  const deleteTransition = useMutation({
    mutationFn: (transitionId: string) =>
      api.delete('/workflows/{id}/transitions/{transitionId}', { path: { id: workflowId, transitionId } }),
    onMutate: (transitionId) => {
      const before = qc.getQueryData<Workflow>(key);
      update((w) => ({ ...w, transitions: w.transitions.filter((t) => t.id !== transitionId) }));
      return { before };
    },
    onError: (_e, _id, ctx) => {
      if (ctx?.before) qc.setQueryData(key, ctx.before);
    },
  });

  /**
   * Points a step's way out at `toStepId` (or nowhere): the new transition is added before the old
   * one goes, so an enabled workflow is never left without the path.
   */
  const setWay = async (
    fromStepId: string,
    body: WayBody,
    existing: Transition | undefined,
    toStepId: string | null,
  ) => {
    if (existing && existing.toStepId === toStepId) return;
    if (toStepId) await addTransition.mutateAsync({ fromStepId, toStepId, ...body });
    if (existing) await deleteTransition.mutateAsync(existing.id);
  };

  const patchWorkflow = useMutation({
    mutationFn: (body: WorkflowPatch) => api.patch('/workflows/{id}', { path: { id: workflowId }, body }),
    onSuccess: (w) => {
      qc.setQueryData(key, w);
      refreshLists();
    },
  });

  return { addStep, updateStep, savePositions, deleteStep, addTransition, deleteTransition, setWay, patchWorkflow };
}
