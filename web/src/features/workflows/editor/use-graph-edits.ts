/**
 * The edits of one workflow's graph and settings. Each writes the API's answer into the cached
 * workflow (positions and removed transitions before the API answers), so the canvas never waits for
 * a reload, and declares in `meta` what else it changes.
 *
 * The editor shows the errors of graph edits itself (`errorShownInline`): in the panel's form, in
 * the delete dialog, or through its `report`, which puts graph problems above the canvas and says
 * anything else in a toast. Moving steps cannot break the graph, so its errors take the default.
 */
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Operation, RequestBody } from '../../../../../client/index.ts';
import { useProject } from '../../../lib/project-context.tsx';
import { eventQueries } from '../../../queries/events.ts';
import { templateQueries } from '../../../queries/templates.ts';
import { workflowChanges, workflowQueries } from '../../../queries/workflows.ts';
import type { Step, Transition, Workflow } from '../model.ts';

type StepBody = RequestBody<Operation<'/workflows/{id}/steps', 'post'>>;
type StepPatch = RequestBody<Operation<'/workflows/{id}/steps/{stepId}', 'patch'>>;
type TransitionBody = RequestBody<Operation<'/workflows/{id}/transitions', 'post'>>;
export type WorkflowPatch = RequestBody<Operation<'/workflows/{id}', 'patch'>>;
/** The labels of a way out (a condition's branch, a wait's outcome). */
export type WayBody = { branch?: 'yes' | 'no'; waitOutcome?: 'EVENT' | 'TIMEOUT' };
export type StepPlace = { stepId: string; position: { x: number; y: number } };

/** The body that re-creates `t` (the undo of a removed path). */
export function transitionBody(t: Transition): TransitionBody {
  return {
    fromStepId: t.fromStepId,
    toStepId: t.toStepId,
    ...(t.branch ? { branch: t.branch } : {}),
    ...(t.waitOutcome ? { waitOutcome: t.waitOutcome } : {}),
  };
}

/** Replaces the item with the same id, or appends it: the invalidation may have brought it already. */
const upsert = <T extends { id: string }>(list: T[], item: T) =>
  list.some((x) => x.id === item.id) ? list.map((x) => (x.id === item.id ? item : x)) : [...list, item];

export function useGraphEdits(workflowId: string) {
  const scope = useProject();
  const { api, projectId } = scope;
  const qc = useQueryClient();
  const key = workflowQueries.one(scope, workflowId).queryKey;
  const update = (fn: (w: Workflow) => Workflow) => qc.setQueryData(key, (w) => (w ? fn(w) : w));
  const workflows = workflowQueries.all(projectId);
  // Steps change where templates and events are used (their usage lists) and what a condition can test.
  const stepChanges: QueryKey[] = [workflows, templateQueries.all(projectId), eventQueries.all(projectId)];
  const inline = { errorShownInline: true };

  const addStep = useMutation({
    mutationFn: (body: StepBody) => api.post('/workflows/{id}/steps', { path: { id: workflowId }, body }),
    onSuccess: (step: Step) => update((w) => ({ ...w, steps: upsert(w.steps, step) })),
    meta: { ...inline, invalidates: stepChanges },
  });

  const updateStep = useMutation({
    mutationFn: ({ stepId, body }: { stepId: string; body: StepPatch }) =>
      api.patch('/workflows/{id}/steps/{stepId}', { path: { id: workflowId, stepId }, body }),
    onSuccess: (step: Step) => update((w) => ({ ...w, steps: upsert(w.steps, step) })),
    meta: { ...inline, invalidates: stepChanges },
  });

  /** Stores places the canvas already shows; a refused one brings the stored places back. */
  const moveSteps = useMutation({
    mutationFn: (places: StepPlace[]) =>
      Promise.all(
        places.map((p) =>
          api.patch('/workflows/{id}/steps/{stepId}', {
            path: { id: workflowId, stepId: p.stepId },
            body: { position: p.position },
          }),
        ),
      ),
    onMutate: (places) => {
      const at = new Map(places.map((p) => [p.stepId, p.position]));
      update((w) => ({ ...w, steps: w.steps.map((s) => ({ ...s, position: at.get(s.id) ?? s.position })) }));
    },
    // Some patches may have landed: ask for what is stored rather than restore a snapshot.
    onError: () => qc.refetchQueries({ queryKey: key }),
  });

  const deleteStep = useMutation({
    mutationFn: ({ stepId, splice }: { stepId: string; splice: boolean }) =>
      api.delete('/workflows/{id}/steps/{stepId}', {
        path: { id: workflowId, stepId },
        query: splice ? { splice: true } : {},
      }),
    // The step's transitions go too (or are spliced): the invalidation reloads the graph.
    meta: { ...inline, invalidates: stepChanges },
  });

  const addTransition = useMutation({
    mutationFn: (body: TransitionBody) => api.post('/workflows/{id}/transitions', { path: { id: workflowId }, body }),
    onSuccess: (t: Transition) => update((w) => ({ ...w, transitions: upsert(w.transitions, t) })),
    meta: { ...inline, invalidates: [workflows] },
  });

  const deleteTransition = useMutation({
    mutationFn: (transitionId: string) =>
      api.delete('/workflows/{id}/transitions/{transitionId}', { path: { id: workflowId, transitionId } }),
    onMutate: (transitionId) => {
      const before = qc.getQueryData(key);
      update((w) => ({ ...w, transitions: w.transitions.filter((t) => t.id !== transitionId) }));
      return { before };
    },
    onError: (_e, _id, ctx) => {
      if (ctx?.before) qc.setQueryData(key, ctx.before);
    },
    meta: { ...inline, invalidates: [workflows] },
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
    onSuccess: (w: Workflow) => qc.setQueryData(key, w),
    meta: { ...inline, invalidates: workflowChanges(projectId) },
  });

  return { addStep, updateStep, moveSteps, deleteStep, addTransition, deleteTransition, setWay, patchWorkflow };
}
