/**
 * The signed-in user, their projects and the server's configuration, shared by every screen through
 * TanStack Query. These are account-level (not under a project's key), and their keys live here
 * only: `sessionKeys`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from './client.ts';

export const sessionKeys = {
  me: ['me'],
  /** Under the user's key: whatever refreshes the user refreshes how they sign in. */
  signInMethods: ['me', 'sign-in-methods'],
  projects: ['projects'],
  config: ['config'],
} as const;

export const sessionQueries = {
  /** The user, or null when nobody is signed in (a 401 is an answer here, not an error). */
  me: () =>
    queryOptions({
      queryKey: sessionKeys.me,
      queryFn: async () => {
        try {
          return await api.get('/users/@me');
        } catch (e) {
          if (e instanceof ApiError && e.status === 401) return null;
          throw e;
        }
      },
      staleTime: 60_000,
    }),
  /** How the signed-in user can sign in: a password, single sign-on, OAuth providers. */
  signInMethods: () =>
    queryOptions({ queryKey: sessionKeys.signInMethods, queryFn: () => api.get('/users/@me/sign-in-methods') }),
  projects: () => queryOptions({ queryKey: sessionKeys.projects, queryFn: () => api.get('/users/@me/projects') }),
  /** GET /config: which optional features this server has (billing, OAuth, the capture outbox). */
  config: () =>
    queryOptions({ queryKey: sessionKeys.config, queryFn: () => api.get('/config'), staleTime: 5 * 60_000 }),
};

export function useMe() {
  return useQuery(sessionQueries.me());
}

export function useProjects(enabled = true) {
  return useQuery({ ...sessionQueries.projects(), enabled });
}

export type Project = NonNullable<ReturnType<typeof useProjects>['data']>[number];
export type Permission = Project['permissions'][number];

/**
 * Whether the signed-in user may do `permission` in `project`. The projects answer carries the
 * names the user's role holds (the server's one permission table), so the app keeps no copy; the
 * API still judges every call, and its 403 shows wherever an action is refused anyway.
 */
export function can(project: Pick<Project, 'permissions'>, permission: Permission): boolean {
  return project.permissions.includes(permission);
}

export function useServerConfig() {
  return useQuery(sessionQueries.config());
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
