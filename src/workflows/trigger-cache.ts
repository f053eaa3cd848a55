/**
 * Which workflows each project's events start, and which event names its WAIT_FOR_EVENT steps wait
 * for, kept in memory because every stored event asks (and most projects have no workflow, so the
 * answer must cost nothing). The database stays the truth: a project not held here is read there, and
 * every workflow or step write forgets the project here and, once it commits, in every other process.
 */
import type { ChangeFeed } from '../db/notify.ts';
import { createProjectCache, type ProjectCache } from '../db/project-cache.ts';

export interface TriggeredWorkflow {
  id: string;
  allowReentry: boolean;
  /** Where its executions enter. */
  triggerStepId: string;
}

export interface WorkflowTriggers {
  /** Enabled EVENT workflows by the event name that starts them. */
  byEvent: ReadonlyMap<string, readonly TriggeredWorkflow[]>;
  /** Event names some WAIT_FOR_EVENT step (of any workflow, enabled or not) waits for. */
  waits: ReadonlySet<string>;
}

export const NO_TRIGGERS: WorkflowTriggers = { byEvent: new Map(), waits: new Set() };

export type WorkflowTriggerCache = ProjectCache<WorkflowTriggers>;

export function createWorkflowTriggerCache(feed: ChangeFeed): WorkflowTriggerCache {
  return createProjectCache<WorkflowTriggers>(feed, 'workflow_triggers', 5000);
}
