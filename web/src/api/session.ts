/** The signed-in user and their projects, shared by every screen through TanStack Query. */
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from './client.ts';

export const meKey = ['me'] as const;
export const projectsKey = ['projects'] as const;
export const configKey = ['config'] as const;

/** The user, or null when nobody is signed in (a 401 is an answer here, not an error). */
export function useMe() {
  return useQuery({
    queryKey: meKey,
    queryFn: async () => {
      try {
        return await api.get('/users/@me');
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) return null;
        throw e;
      }
    },
    staleTime: 60_000,
  });
}

export function useProjects(enabled = true) {
  return useQuery({ queryKey: projectsKey, queryFn: () => api.get('/users/@me/projects'), enabled });
}

export type Project = NonNullable<ReturnType<typeof useProjects>['data']>[number];

/** GET /config: which optional features this server has (billing, OAuth, the capture outbox). */
export function useServerConfig() {
  return useQuery({ queryKey: configKey, queryFn: () => api.get('/config'), staleTime: 5 * 60_000 });
}

const LAST_PROJECT = 'mailwright.lastProject';

export function rememberProject(id: string): void {
  try {
    localStorage.setItem(LAST_PROJECT, id);
  } catch {
    // Storage can be off (private mode); the choice is a convenience only.
  }
}

export function lastProject(): string | undefined {
  try {
    return localStorage.getItem(LAST_PROJECT) ?? undefined;
  } catch {
    return undefined;
  }
}
