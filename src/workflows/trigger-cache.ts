/**
 * Which workflows each project's events start, and which event names its WAIT_FOR_EVENT steps wait
 * for, kept in memory because every stored event asks (and most projects have no workflow, so the
 * answer must cost nothing); beside them the graphs the engine walks. The database stays the truth: a
 * project not held here is read there, and every workflow or step write forgets the project here and,
 * once it commits, in every other process (db/project-cache.ts).
 */
import { fromJson, toBool } from '../db/codecs.ts';
import type { Executor } from '../db/index.ts';
import type { CacheRegistry, ProjectCache } from '../db/project-cache.ts';
import type { Graph } from './engine/graph.ts';
import { listTriggerSources } from './workflows.repo.ts';

declare module '../deps.ts' {
  interface FeatureState {
    /** Which workflows each project's events start and which events its waits want, forgotten through `changes`. */
    workflowTriggers: WorkflowTriggerCache;
  }
}

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
  /** The engine's graphs of the project's workflows, loaded as executions need them (engine/graph.ts). */
  graphs: Map<string, Promise<Graph | undefined>>;
}

/** True when no event of the project starts or resumes anything. */
export const listensToNothing = (t: WorkflowTriggers) => t.byEvent.size === 0 && t.waits.size === 0;

export type WorkflowTriggerCache = ProjectCache<WorkflowTriggers>;

/** The cache, registered on `caches`. */
export function createWorkflowTriggerCache(caches: CacheRegistry): WorkflowTriggerCache {
  return caches.define({ channel: 'workflow_triggers', maxEntries: 5000, load: loadTriggers });
}

async function loadTriggers(db: Executor, projectId: string): Promise<WorkflowTriggers> {
  const { workflows, waits } = await listTriggerSources(db, projectId);
  const byEvent = new Map<string, TriggeredWorkflow[]>();
  for (const w of workflows) {
    if (!w.triggerEvent) continue;
    const started = { id: w.id, allowReentry: toBool(w.allowReentry), triggerStepId: w.triggerStepId };
    byEvent.set(w.triggerEvent, [...(byEvent.get(w.triggerEvent) ?? []), started]);
  }
  const names = waits.map((s) => fromJson<{ eventName?: string }>(s.config).eventName).filter(Boolean) as string[];
  return { byEvent, waits: new Set(names), graphs: new Map() };
}
