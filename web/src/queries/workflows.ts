/** Workflows: the list (with their execution counts), one workflow's graph, and the fields a condition can test. */
import { queryOptions } from '@tanstack/react-query';
import { eventQueries } from './events.ts';
import { type ProjectScope, resourceKey } from './keys.ts';
import { setupQueries } from './setup.ts';

export const workflowQueries = {
  all: (projectId: string) => resourceKey(projectId, 'workflows'),
  list: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'workflows', 'list'),
      queryFn: () => api.get('/workflows'),
    }),
  one: ({ api, projectId }: ProjectScope, id: string) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'workflows', 'one', id),
      queryFn: () => api.get('/workflows/{id}', { path: { id } }),
    }),
  /**
   * What a CONDITION can test. It also follows contact fields, events and segments; those change
   * it rarely, so a minute's staleness is what they cost, and workflow edits refresh it at once.
   */
  fields: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'workflows', 'fields'),
      queryFn: () => api.get('/workflows/fields'),
      staleTime: 60_000,
    }),
};

/**
 * What creating, changing or deleting a workflow itself changes: the workflows, the usage of the
 * event its trigger names, and the setup checklist ("Build a workflow", "Turn a workflow on").
 */
export const workflowChanges = (projectId: string) => [
  workflowQueries.all(projectId),
  eventQueries.all(projectId),
  setupQueries.all(projectId),
];
