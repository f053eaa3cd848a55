/** Workflows: the list (with their execution counts), one workflow's graph, and the fields a condition can test. */

import { queryOptions } from '@tanstack/react-query';
import { affects } from './affects.ts'; // LEGACY(issue-40)
import { type ProjectScope, workflowKeys } from './keys.ts';

export const workflowQueries = {
  all: (projectId: string) => workflowKeys.all(projectId), // LEGACY(issue-40)
  list: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: workflowKeys.lists(projectId),
      queryFn: () => api.get('/workflows'),
    }),
  one: ({ api, projectId }: ProjectScope, id: string) =>
    queryOptions({
      queryKey: workflowKeys.detail(projectId, id),
      queryFn: () => api.get('/workflows/{id}', { path: { id } }),
    }),
  /**
   * What a CONDITION can test. It also follows contact fields, events and segments; those change
   * it rarely, so a minute's staleness is what they cost, and workflow edits refresh it at once.
   */
  fields: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: [...workflowKeys.all(projectId), 'fields'],
      queryFn: () => api.get('/workflows/fields'),
      staleTime: 60_000,
    }),
};

export const workflowChanges = affects.workflows; // LEGACY(issue-40)
