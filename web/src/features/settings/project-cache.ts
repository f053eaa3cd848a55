/** Keeping the signed-in user's project list (GET /users/@me/projects) in step with settings changes. */
import type { QueryClient } from '@tanstack/react-query';
import { type Project, projectsKey } from '../../api/session.ts';

/** Writes the fields of a changed project into the cached list, so every screen sees them at once. */
export function patchCachedProject(queryClient: QueryClient, projectId: string, changes: Partial<Project>): void {
  queryClient.setQueryData<Project[]>(projectsKey, (list) =>
    list?.map((p) => (p.id === projectId ? { ...p, ...changes } : p)),
  );
}
