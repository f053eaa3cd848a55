/**
 * Project settings kept outside the project list: a data reset's progress and the sending plan (the
 * daily caps the sending settings make). The settings themselves (name, tracking, keys, sending) come
 * with the project in the account's list (api/session.ts); changing them and starting a reset are
 * project writes (projects.ts).
 */
import { partialMatchKey, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { type ProjectScope, projectDataKey, settingsKeys } from './keys.ts';

export type Reset = ResponseBody<Operation<'/users/@me/projects/{id}/resets/{resetId}', 'get'>>;
export type SendingPlan = ResponseBody<Operation<'/users/@me/projects/{id}/sending-plan', 'get'>>;

/** The sending plan's key: a change of the sending settings refreshes it (projects.ts). */
export const sendingPlanKey = (projectId: string) => [...settingsKeys.all(projectId), 'sending-plan'];

export const RESET_RUNNING: ReadonlyArray<Reset['status']> = ['queued', 'processing'];

export const settingsQueries = {
  /** Today's cap, sent and remaining, and the next seven days' caps; the sent count moves, so it is read each minute. */
  sendingPlan: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: sendingPlanKey(projectId),
      queryFn: () => api.get('/users/@me/projects/{id}/sending-plan', { path: { id: projectId } }),
      refetchInterval: 60_000,
    }),
  /** Polled each second while the reset runs. */
  reset: ({ api, projectId }: ProjectScope, resetId: string) =>
    queryOptions({
      queryKey: settingsKeys.detail(projectId, resetId),
      queryFn: () => api.get('/users/@me/projects/{id}/resets/{resetId}', { path: { id: projectId, resetId } }),
      refetchInterval: (q) => (q.state.data && !RESET_RUNNING.includes(q.state.data.status) ? false : 1000),
    }),
};

/**
 * A data reset's progress, polled while it runs. Once it completed, every other query of the project
 * is stale (its contacts, emails, campaigns… are gone) and is refreshed; the reset's own answer stays.
 */
export function useResetProgress(scope: ProjectScope, resetId: string) {
  const client = useQueryClient();
  const reset = useQuery(settingsQueries.reset(scope, resetId));
  const completed = reset.data?.status === 'completed';
  const { projectId } = scope;
  useEffect(() => {
    if (!completed) return;
    const own = settingsKeys.all(projectId);
    void client.invalidateQueries({
      queryKey: projectDataKey(projectId),
      predicate: (q) => !partialMatchKey(q.queryKey, own),
    });
  }, [client, completed, projectId]);
  return reset;
}
