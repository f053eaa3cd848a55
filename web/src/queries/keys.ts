/**
 * The dashboard's query and mutation keys. Every key of project data starts
 * `['project', projectId, resource]`, so switching projects never shows another project's rows, and
 * a write refreshes everything of a resource by that prefix: every list, page, picker and detail.
 * Under it, `lists()` holds every list and page of the resource and `detail(id)` everything about one
 * record (the record, its usage, its members, its log), so removing a record forgets one prefix.
 * Each resource has one module in this folder with its `queryOptions` and `mutationOptions`
 * factories; screens use those, never a key of their own (test/architecture/dashboard-layers.test.ts).
 */
import type { QueryKey } from '@tanstack/react-query';
import type { Client } from '../api/client.ts';
import type { Removal } from '../api/query-client.ts';

export type Resource =
  | 'activity'
  | 'analytics'
  | 'audit'
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
  | 'members'
  | 'outbox'
  | 'security'
  | 'segments'
  | 'settings'
  | 'setup'
  | 'suppressions'
  | 'templates'
  | 'topics'
  | 'transports'
  | 'uploads'
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

/** The key prefixes of one resource: all of it, its lists, one record, and its mutations' keys. */
export interface ResourceKeys {
  all: (projectId: string) => QueryKey;
  /** Every list, page and picker of the resource. */
  lists: (projectId: string) => QueryKey;
  /** Everything about one record: the record and whatever is read about it alone. */
  detail: (projectId: string, id: string) => QueryKey;
  /** A mutation's key (`useIsMutating` and devtools name it by this). */
  mutation: (projectId: string, action: string) => QueryKey;
}

/** The one shape of keys every resource module builds its queries and mutations on. */
export function resourceKeys(resource: Resource): ResourceKeys {
  return {
    all: (projectId) => resourceKey(projectId, resource),
    lists: (projectId) => resourceKey(projectId, resource, 'list'),
    detail: (projectId, id) => resourceKey(projectId, resource, 'one', id),
    mutation: (projectId, action) => [...resourceKey(projectId, resource), 'mutation', action],
  };
}

/** What a factory needs to ask: the project's client and id (`useProject()` gives both). */
export interface ProjectScope {
  api: Client;
  projectId: string;
}

/** The `removes` of a mutation that deletes record `id` (api/query-client.ts: its detail forgotten, its lists refreshed). */
export function removal(keys: ResourceKeys, projectId: string, id: string): Removal {
  return { detail: keys.detail(projectId, id), lists: keys.lists(projectId) };
}

// Each resource's keys, here rather than in its module, so that a module naming what its writes
// change imports only this file, never another resource's module (no import circle can form).
export const activityKeys = resourceKeys('activity');
export const analyticsKeys = resourceKeys('analytics');
export const auditKeys = resourceKeys('audit');
export const billingKeys = resourceKeys('billing');
export const bulkKeys = resourceKeys('bulk');
export const campaignKeys = resourceKeys('campaigns');
export const contactKeys = resourceKeys('contacts');
export const domainKeys = resourceKeys('domains');
export const emailKeys = resourceKeys('emails');
export const eventKeys = resourceKeys('events');
export const executionKeys = resourceKeys('executions');
export const fieldKeys = resourceKeys('fields');
export const importKeys = resourceKeys('imports');
export const memberKeys = resourceKeys('members');
export const outboxKeys = resourceKeys('outbox');
export const securityKeys = resourceKeys('security');
export const segmentKeys = resourceKeys('segments');
export const settingsKeys = resourceKeys('settings');
export const setupKeys = resourceKeys('setup');
export const suppressionKeys = resourceKeys('suppressions');
export const templateKeys = resourceKeys('templates');
export const topicKeys = resourceKeys('topics');
export const transportKeys = resourceKeys('transports');
export const uploadKeys = resourceKeys('uploads');
export const webhookKeys = resourceKeys('webhooks');
export const workflowKeys = resourceKeys('workflows');
