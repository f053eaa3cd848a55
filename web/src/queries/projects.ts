/**
 * The writes of a project itself: creating it, its settings (name, tracking, rate, language, sign-up
 * and consent), its keys, resetting its data, leaving it and deleting it. Projects come back in the
 * account's list (api/session.ts), which every screen reads through the project context, so that
 * list is what these writes refresh.
 */
import { type MutationFunctionContext, mutationOptions } from '@tanstack/react-query';
import type { Operation, RequestBody } from '../../../client/index.ts';
import { api as accountApi } from '../api/client.ts';
import { type Project, sessionKeys } from '../api/session.ts';
import { storesAnswer } from './cache.ts';
import { type ProjectScope, projectDataKey, settingsKeys } from './keys.ts';
import { type Reset, sendingPlanKey } from './settings.ts';

export type ProjectSettings = RequestBody<Operation<'/users/@me/projects/{id}', 'patch'>>;
export type NewProject = RequestBody<Operation<'/users/@me/projects', 'post'>>;

const projectKey = (projectId: string, action: string) => ['projects', projectId, 'mutation', action];

/**
 * The onSettled of a write after which the user no longer has project `projectId` (deleted, left):
 * once the screen has moved on, the project leaves the account's list and its cached data is
 * dropped. Nothing of it is asked for again: the API would answer 403 or 404 now.
 */
function forgetsProject(projectId: string) {
  return (_d: unknown, error: Error | null, _v: unknown, _m: unknown, { client }: MutationFunctionContext) => {
    if (error) return;
    client.setQueryData<Project[]>(sessionKeys.projects, (list) => list?.filter((p) => p.id !== projectId));
    client.removeQueries({ queryKey: projectDataKey(projectId) });
  };
}

export const projectMutations = {
  /** Creates a project; its answer carries the secret key, the only time it is shown. */
  create: () =>
    mutationOptions({
      mutationKey: ['projects', 'mutation', 'create'],
      mutationFn: (body: NewProject) => accountApi.post('/users/@me/projects', { body }),
      meta: { invalidates: [sessionKeys.projects] },
    }),
  /**
   * Changes the project's settings; the answer arrives in the projects list before the screen reacts,
   * and the sending plan follows the sending settings.
   */
  update: ({ api, projectId }: ProjectScope) =>
    mutationOptions({
      mutationKey: projectKey(projectId, 'update'),
      mutationFn: (body: ProjectSettings) => api.patch('/users/@me/projects/{id}', { path: { id: projectId }, body }),
      meta: { invalidates: [sessionKeys.projects, sendingPlanKey(projectId)] },
    }),
  /** New secret and public keys (the old ones stop working); the list carries the key hint and public key. */
  rotateKeys: ({ api, projectId }: ProjectScope) =>
    mutationOptions({
      mutationKey: projectKey(projectId, 'rotate-keys'),
      mutationFn: () => api.post('/users/@me/projects/{id}/regenerate-keys', { path: { id: projectId } }),
      meta: { invalidates: [sessionKeys.projects] },
    }),
  /**
   * Starts deleting the project's data; the name typed is the confirmation. The answer is the
   * reset's first state, stored where its progress is read (settingsQueries.reset).
   */
  reset: ({ api, projectId }: ProjectScope, name: string) =>
    mutationOptions({
      mutationKey: projectKey(projectId, 'reset'),
      mutationFn: () =>
        api.post('/users/@me/projects/{id}/reset', { path: { id: projectId }, body: { confirm: name } }),
      onSuccess: storesAnswer<Reset>(settingsKeys, projectId),
    }),
  /** The signed-in member `userId` leaves the project. */
  leave: ({ api, projectId }: ProjectScope, userId: string) =>
    mutationOptions({
      mutationKey: projectKey(projectId, 'leave'),
      mutationFn: () => api.delete('/projects/{id}/members/{userId}', { path: { id: projectId, userId } }),
      onSettled: forgetsProject(projectId),
    }),
  /** Deletes the project with all of its data. */
  remove: ({ api, projectId }: ProjectScope) =>
    mutationOptions({
      mutationKey: projectKey(projectId, 'delete'),
      mutationFn: () => api.delete('/users/@me/projects/{id}', { path: { id: projectId } }),
      onSettled: forgetsProject(projectId),
    }),
};
