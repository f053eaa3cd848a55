/**
 * The writes of a project itself: its settings (name, tracking, rate, language, sign-up and consent).
 * They come back with the project in the account's list (api/session.ts), which every screen reads
 * through the project context, so that list is what a settings write refreshes.
 */
import { mutationOptions } from '@tanstack/react-query';
import type { Operation, RequestBody } from '../../../client/index.ts';
import { sessionKeys } from '../api/session.ts';
import type { ProjectScope } from './keys.ts';

export type ProjectSettings = RequestBody<Operation<'/users/@me/projects/{id}', 'patch'>>;

export const projectMutations = {
  /** Changes the project's settings; the answer arrives in the projects list before the screen reacts. */
  update: ({ api, projectId }: ProjectScope) =>
    mutationOptions({
      mutationKey: ['projects', projectId, 'update'],
      mutationFn: (body: ProjectSettings) => api.patch('/users/@me/projects/{id}', { path: { id: projectId }, body }),
      meta: { invalidates: [sessionKeys.projects] },
    }),
};
