/**
 * How events reach workflows. The event listener runs in the transaction that stores the events
 * (tracked, system, segment entry/exit alike): it inserts the executions of the enabled workflows the
 * event starts, wakes the contact's executions waiting for it, and enqueues the engine's wake-up, all
 * in that transaction, so an event never exists without its effects. The first step runs in the
 * background. Projects without workflows pay one in-memory lookup per event.
 */
import { lockContactsIn } from '../contacts/contact-update.service.ts';
import type { Deps } from '../deps.ts';
import type { EventListener } from '../events/events.service.ts';
import { groupBy } from '../lib/group-by.ts';
import { newId } from '../lib/ids.ts';
import { eventDocument } from './engine/documents.ts';
import { insertExecutions, type NewExecution, resumeWaiting } from './engine/executions.repo.ts';
import { listensToNothing } from './trigger-cache.ts';

type ListenerDeps = Pick<Deps, 'workflowTriggers' | 'dialect' | 'workflowWaker' | 'clock'>;

/** The event listener: starts triggered workflows and resumes waiting executions, in the event's transaction. */
export function workflowListener(deps: ListenerDeps): EventListener {
  const listener: EventListener = async (trx, events) => {
    for (const [projectId, list] of groupBy(events, (e) => e.projectId)) {
      // Through the event's transaction: a second pool connection taken while holding one deadlocks a burst of writers.
      const triggers = await deps.workflowTriggers.read(trx, projectId);
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
  listener.hears = async (db, projectId, names) => {
    const triggers = await deps.workflowTriggers.read(db, projectId);
    return names.some((name) => triggers.byEvent.has(name) || triggers.waits.has(name));
  };
  return listener;
}
