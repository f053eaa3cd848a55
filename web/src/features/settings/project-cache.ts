/** Keeping the cache in step when the signed-in user loses a project (deleted it, left it). */
import type { QueryClient } from '@tanstack/react-query';
import { type Project, sessionKeys } from '../../api/session.ts';
import { projectDataKey } from '../../queries/keys.ts';

/**
 * Drops the project from the cached list and all of its cached data. Nothing is asked for again:
 * the API would answer 403 or 404 for it now.
 */
export function forgetProject(queryClient: QueryClient, projectId: string): void {
  queryClient.setQueryData<Project[]>(sessionKeys.projects, (list) => list?.filter((p) => p.id !== projectId));
  queryClient.removeQueries({ queryKey: projectDataKey(projectId) });
}
