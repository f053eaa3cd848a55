/**
 * Project settings kept outside the project list: a data reset's progress. The settings themselves
 * (name, tracking, keys) come with the project in the account's list (api/session.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { type ProjectScope, settingsKeys } from './keys.ts';

export type Reset = ResponseBody<Operation<'/users/@me/projects/{id}/resets/{resetId}', 'get'>>;

export const RESET_RUNNING: ReadonlyArray<Reset['status']> = ['queued', 'processing'];

export const settingsQueries = {
  all: (projectId: string) => settingsKeys.all(projectId), // LEGACY(issue-40)
  /** Polled each second while the reset runs. */
  reset: ({ api, projectId }: ProjectScope, resetId: string) =>
    queryOptions({
      queryKey: [...settingsKeys.all(projectId), 'reset', resetId],
      queryFn: () => api.get('/users/@me/projects/{id}/resets/{resetId}', { path: { id: projectId, resetId } }),
      refetchInterval: (q) => (q.state.data && !RESET_RUNNING.includes(q.state.data.status) ? false : 1000),
    }),
};
