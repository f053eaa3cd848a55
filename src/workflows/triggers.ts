/**
 * How events reach workflows. The event listener runs in the transaction that stores the events
 * (tracked, system, segment entry/exit alike): it inserts the executions of the enabled workflows the
 * event starts, wakes the contact's executions waiting for it, and enqueues the engine's wake-up, all
 * in that transaction, so an event never exists without its effects. The first step runs in the
 * background. Projects without workflows pay one in-memory lookup per event.
 */
import { lockContactsIn } from '../contacts/contact-update.service.ts';
import { fromJson, toBool } from '../db/codecs.ts';
import type { Executor } from '../db/index.ts';
import type { Deps } from '../deps.ts';
import type { EventListener } from '../events/events.service.ts';
import { groupBy } from '../lib/group-by.ts';
import { newId } from '../lib/ids.ts';
import { eventDocument } from './engine/documents.ts';
import { insertExecutions, type NewExecution, resumeWaiting } from './engine/executions.repo.ts';
import { listensToNothing, type TriggeredWorkflow, type WorkflowTriggers } from './trigger-cache.ts';
import { listTriggerSources } from './workflows.repo.ts';

type ListenerDeps = Pick<Deps, 'workflowTriggers' | 'dialect' | 'workflowWaker' | 'clock'>;

/**
 * The project's triggers, from the cache or else through `db`: the caller's transaction when it has
 * one (a second pool connection taken while holding one deadlocks a burst of writers).
 */
export async function triggersOf(
  deps: Pick<Deps, 'workflowTriggers'>,
  db: Executor,
  projectId: string,
): Promise<WorkflowTriggers> {
  const hit = deps.workflowTriggers.get(projectId);
  if (hit) return hit;
  const token = deps.workflowTriggers.begin();
  const { workflows, waits } = await listTriggerSources(db, projectId);
  const byEvent = new Map<string, TriggeredWorkflow[]>();
  for (const w of workflows) {
    if (!w.triggerEvent) continue;
    const started = { id: w.id, allowReentry: toBool(w.allowReentry), triggerStepId: w.triggerStepId };
    byEvent.set(w.triggerEvent, [...(byEvent.get(w.triggerEvent) ?? []), started]);
  }
  const names = waits.map((s) => fromJson<{ eventName?: string }>(s.config).eventName).filter(Boolean) as string[];
  const value: WorkflowTriggers = { byEvent, waits: new Set(names), graphs: new Map() };
  deps.workflowTriggers.load(projectId, value, token);
  return value;
}

/** The event listener: starts triggered workflows and resumes waiting executions, in the event's transaction. */
export function workflowListener(deps: ListenerDeps): EventListener {
  return async (trx, events) => {
    for (const [projectId, list] of groupBy(events, (e) => e.projectId)) {
      const triggers = await triggersOf(deps, trx, projectId);
      if (listensToNothing(triggers)) continue;
      const now = deps.clock.now();
      const starts: NewExecution[] = [];
      const waits: { contactId: string; name: string; event: Record<string, unknown> }[] = [];
      for (const e of list) {
        if (!e.contactId) continue;
        for (const w of triggers.byEvent.get(e.name) ?? []) {
          starts.push({
            id: newId(),
            projectId,
            workflowId: w.id,
            contactId: e.contactId,
            allowReentry: w.allowReentry,
            stepId: w.triggerStepId,
            event: eventDocument(e),
            context: {},
            at: now,
          });
        }
        if (triggers.waits.has(e.name)) waits.push({ contactId: e.contactId, name: e.name, event: eventDocument(e) });
      }
      const started = await insertExecutions(trx, deps.dialect, starts);
      let resumed = 0;
      if (waits.length > 0) {
        // The lock a wait is committed under (engine/steps.ts): one of the two always sees the other.
        await lockContactsIn(
          deps,
          trx,
          projectId,
          waits.map((w) => w.contactId),
        );
        resumed = await resumeWaiting(trx, deps.dialect, projectId, waits, now);
      }
      if (started.length + resumed > 0) await deps.workflowWaker.wake(trx);
    }
  };
}
