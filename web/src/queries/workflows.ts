/**
 * Workflows: the list (with their execution counts), one workflow's graph, the fields a condition can
 * test, and every write of a workflow: its details and trigger, its steps and the transitions between
 * them. The canvas shows a graph edit without waiting for a reload: each edit writes the API's answer
 * into the cached workflow (step places and a removed transition before the API answers, put back if
 * it refuses).
 */
import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { Operation, RequestBody, ResponseBody } from '../../../client/index.ts';
import { affects } from './affects.ts';
import { storesAnswer } from './cache.ts';
import { type ProjectScope, removal, workflowKeys } from './keys.ts';

export type Workflow = ResponseBody<Operation<'/workflows/{id}', 'get'>>;
export type WorkflowListItem = ResponseBody<Operation<'/workflows', 'get'>>[number];
export type Step = Workflow['steps'][number];
export type Transition = Workflow['transitions'][number];
export type WorkflowBody = RequestBody<Operation<'/workflows', 'post'>>;
export type WorkflowPatch = RequestBody<Operation<'/workflows/{id}', 'patch'>>;
export type StepBody = RequestBody<Operation<'/workflows/{id}/steps', 'post'>>;
export type StepPatch = RequestBody<Operation<'/workflows/{id}/steps/{stepId}', 'patch'>>;
export type TransitionBody = RequestBody<Operation<'/workflows/{id}/transitions', 'post'>>;
/** The labels of a way out (a condition's branch, a wait's outcome). */
export type WayBody = { branch?: 'yes' | 'no'; waitOutcome?: 'EVENT' | 'TIMEOUT' };
export type StepPlace = { stepId: string; position: { x: number; y: number } };
/** Where a step's way out leads: to `toStepId`, or nowhere; `existing` is where it leads now. */
export type WayChange = { fromStepId: string; way: WayBody; existing?: Transition; toStepId: string | null };

export const workflowQueries = {
  list: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: workflowKeys.lists(projectId),
      queryFn: () => api.get('/workflows'),
    }),
  one: ({ api, projectId }: ProjectScope, id: string) =>
    queryOptions({
      queryKey: workflowKeys.detail(projectId, id),
      queryFn: () => api.get('/workflows/{id}', { path: { id } }),
    }),
  /**
   * What a CONDITION can test. It also follows contact fields, events and segments; those change
   * it rarely, so a minute's staleness is what they cost, and workflow edits refresh it at once.
   */
  fields: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: [...workflowKeys.all(projectId), 'fields'],
      queryFn: () => api.get('/workflows/fields'),
      staleTime: 60_000,
    }),
};

/** The body that re-creates `t` (the undo of a removed path). */
export function transitionBody(t: Transition): TransitionBody {
  return {
    fromStepId: t.fromStepId,
    toStepId: t.toStepId,
    ...(t.branch ? { branch: t.branch } : {}),
    ...(t.waitOutcome ? { waitOutcome: t.waitOutcome } : {}),
  };
}

/** Changes the cached graph of workflow `id`, if it is cached. */
function editCached(client: QueryClient, projectId: string, id: string, change: (w: Workflow) => Workflow) {
  client.setQueryData<Workflow>(workflowKeys.detail(projectId, id), (w) => (w ? change(w) : w));
}

/** Replaces the item with the same id, or appends it: the refresh may have brought it already. */
const upsert = <T extends { id: string }>(list: T[], item: T) =>
  list.some((x) => x.id === item.id) ? list.map((x) => (x.id === item.id ? item : x)) : [...list, item];

export const workflowMutations = {
  /** Creates a disabled workflow with its trigger step; the canvas opens on the answer. */
  create: ({ api, projectId }: ProjectScope) =>
    mutationOptions({
      mutationKey: workflowKeys.mutation(projectId, 'create'),
      mutationFn: (body: WorkflowBody) => api.post('/workflows', { body }),
      onSuccess: storesAnswer(workflowKeys, projectId),
      meta: { invalidates: affects.workflows(projectId) },
    }),
  /** Any change of workflow `id` itself: its details, its trigger, switching it on or off. */
  update: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: workflowKeys.mutation(projectId, 'update'),
      mutationFn: (body: WorkflowPatch) => api.patch('/workflows/{id}', { path: { id }, body }),
      onSuccess: storesAnswer(workflowKeys, projectId),
      meta: { invalidates: affects.workflows(projectId) },
    }),
  remove: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: workflowKeys.mutation(projectId, 'delete'),
      mutationFn: () => api.delete('/workflows/{id}', { path: { id } }),
      meta: { invalidates: affects.workflows(projectId), removes: removal(workflowKeys, projectId, id) },
    }),
  addStep: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: workflowKeys.mutation(projectId, 'add-step'),
      mutationFn: (body: StepBody) => api.post('/workflows/{id}/steps', { path: { id }, body }),
      onSuccess: (step, _body, _r, { client }) =>
        editCached(client, projectId, id, (w) => ({ ...w, steps: upsert(w.steps, step) })),
      meta: { invalidates: affects.workflows(projectId) },
    }),
  updateStep: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: workflowKeys.mutation(projectId, 'update-step'),
      mutationFn: ({ stepId, body }: { stepId: string; body: StepPatch }) =>
        api.patch('/workflows/{id}/steps/{stepId}', { path: { id, stepId }, body }),
      onSuccess: (step, _vars, _r, { client }) =>
        editCached(client, projectId, id, (w) => ({ ...w, steps: upsert(w.steps, step) })),
      meta: { invalidates: affects.workflows(projectId) },
    }),
  /**
   * Stores places the canvas already shows (written into the cache before asking). A step's place
   * shows nowhere else, so nothing else is refreshed.
   */
  moveSteps: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: workflowKeys.mutation(projectId, 'move-steps'),
      mutationFn: (places: StepPlace[]) =>
        Promise.all(
          places.map((p) =>
            api.patch('/workflows/{id}/steps/{stepId}', {
              path: { id, stepId: p.stepId },
              body: { position: p.position },
            }),
          ),
        ),
      onMutate: (places, { client }) => {
        const at = new Map(places.map((p) => [p.stepId, p.position]));
        editCached(client, projectId, id, (w) => ({
          ...w,
          steps: w.steps.map((s) => ({ ...s, position: at.get(s.id) ?? s.position })),
        }));
      },
      // Some patches may have landed: ask for what is stored rather than restore a snapshot.
      onError: (_e, _places, _r, { client }) => client.refetchQueries({ queryKey: workflowKeys.detail(projectId, id) }),
    }),
  /** Deletes a step with its transitions, or joins what came before it to what came after (`splice`). */
  deleteStep: ({ api, projectId }: ProjectScope, id: string, stepId: string) =>
    mutationOptions({
      mutationKey: workflowKeys.mutation(projectId, 'delete-step'),
      mutationFn: (splice: boolean) =>
        api.delete('/workflows/{id}/steps/{stepId}', { path: { id, stepId }, query: splice ? { splice: true } : {} }),
      // The refresh brings the graph without the step and with its transitions gone or spliced.
      meta: { invalidates: affects.workflows(projectId) },
    }),
  addTransition: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: workflowKeys.mutation(projectId, 'add-transition'),
      mutationFn: (body: TransitionBody) => api.post('/workflows/{id}/transitions', { path: { id }, body }),
      onSuccess: (t, _body, _r, { client }) =>
        editCached(client, projectId, id, (w) => ({ ...w, transitions: upsert(w.transitions, t) })),
      meta: { invalidates: affects.workflows(projectId) },
    }),
  /** Removes a transition from the canvas at once; a refusal puts the graph back as it was. */
  deleteTransition: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: workflowKeys.mutation(projectId, 'delete-transition'),
      mutationFn: (transitionId: string) =>
        api.delete('/workflows/{id}/transitions/{transitionId}', { path: { id, transitionId } }),
      onMutate: (transitionId, { client }) => {
        const before = client.getQueryData<Workflow>(workflowKeys.detail(projectId, id));
        editCached(client, projectId, id, (w) => ({
          ...w,
          transitions: w.transitions.filter((t) => t.id !== transitionId),
        }));
        return { before };
      },
      onError: (_e, _id, snapshot, { client }) => {
        if (snapshot?.before) client.setQueryData(workflowKeys.detail(projectId, id), snapshot.before);
      },
      meta: { invalidates: affects.workflows(projectId) },
    }),
  /**
   * Points a step's way out at another step (or nowhere): the new transition is added before the
   * old one goes, so an enabled workflow is never left without the path.
   */
  setWay: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: workflowKeys.mutation(projectId, 'set-way'),
      mutationFn: async ({ fromStepId, way, existing, toStepId }: WayChange) => {
        const added = toStepId
          ? await api.post('/workflows/{id}/transitions', { path: { id }, body: { fromStepId, toStepId, ...way } })
          : undefined;
        if (existing) {
          await api.delete('/workflows/{id}/transitions/{transitionId}', { path: { id, transitionId: existing.id } });
        }
        return { added, removed: existing?.id };
      },
      onSuccess: ({ added, removed }: { added?: Transition; removed?: string }, _change, _r, { client }) =>
        editCached(client, projectId, id, (w) => {
          const kept = w.transitions.filter((t) => t.id !== removed);
          return { ...w, transitions: added ? upsert(kept, added) : kept };
        }),
      // The new transition may have landed before the old one was refused: ask for what is stored.
      onError: (_e, _change, _r, { client }) =>
        client.invalidateQueries({ queryKey: workflowKeys.detail(projectId, id) }),
      meta: { invalidates: affects.workflows(projectId) },
    }),
};
