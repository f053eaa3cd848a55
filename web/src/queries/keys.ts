/**
 * The dashboard's query keys. Every key of project data starts `['project', projectId, resource]`,
 * so switching projects never shows another project's rows, and a mutation invalidates everything
 * of a resource by that prefix: every list, page, picker and detail of it, wherever it is shown.
 * Each resource has one module in this folder with its `queryOptions` factories; screens and pickers
 * use those, never a key of their own.
 */
import type { Client } from '../api/client.ts';

export type Resource =
  | 'activity'
  | 'analytics'
  | 'billing'
  | 'bulk'
  | 'campaigns'
  | 'contacts'
  | 'domains'
  | 'emails'
  | 'events'
  | 'executions'
  | 'fields'
  | 'imports'
  | 'keys'
  | 'members'
  | 'outbox'
  | 'overview'
  | 'security'
  | 'segments'
  | 'settings'
  | 'setup'
  | 'templates'
  | 'topics'
  | 'transports'
  | 'webhooks'
  | 'workflows';

/** The prefix of every query of a project (a reset or a removal forgets them all). */
export function projectDataKey(projectId: string): readonly unknown[] {
  return ['project', projectId];
}

/** The prefix of every query of `resource` in a project. */
export function resourceKey(projectId: string, resource: Resource, ...parts: unknown[]): readonly unknown[] {
  return [...projectDataKey(projectId), resource, ...parts];
}

/** What a factory needs to ask: the project's client and id (`useProject()` gives both). */
export interface ProjectScope {
  api: Client;
  projectId: string;
}
