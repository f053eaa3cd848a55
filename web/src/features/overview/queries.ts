/** The Overview's reads: onboarding state, key figures and the 30-day series. */
import { useQuery } from '@tanstack/react-query';
import { projectKey, useProject } from '../../app/project-context.tsx';

export const setupStateKey = (projectId: string) => projectKey(projectId, 'setup-state');

export function useSetupState() {
  const { api, projectId } = useProject();
  return useQuery({
    queryKey: setupStateKey(projectId),
    queryFn: () => api.get('/projects/{id}/setup-state', { path: { id: projectId } }),
  });
}

/** Sent, opened, clicked and bounced per day over the last 30 days (the API's default range). */
export function useLast30Days() {
  const { api, projectId } = useProject();
  const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return useQuery({
    queryKey: projectKey(projectId, 'overview', 'timeseries', timezone),
    queryFn: () => api.get('/analytics/timeseries', { query: { interval: 'day', timezone } }),
  });
}

/** How many contacts the project has (the cursor list's `total`, first page). */
export function useContactCount() {
  const { api, projectId } = useProject();
  return useQuery({
    queryKey: projectKey(projectId, 'overview', 'contact-count'),
    queryFn: async () => (await api.get('/contacts', { query: { limit: 1 } })).total,
  });
}
