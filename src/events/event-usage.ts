/**
 * Where an event name is referenced. Segments (filters) and workflows (triggers, WAIT_FOR_EVENT steps,
 * conditions) each give a lookup at composition (src/composition.ts) as they land; until then both
 * lists are empty. Events never import them.
 */
import type { EventUsage } from './events.schemas.ts';

/** Finds references to the event name `eventName` within one project. */
export type EventUsageLookup = (projectId: string, eventName: string) => Promise<Partial<EventUsage>>;

/** Every lookup's references to the event name, merged. */
export async function findEventUsage(
  lookups: readonly EventUsageLookup[],
  projectId: string,
  eventName: string,
): Promise<EventUsage> {
  const usage: EventUsage = { segments: [], workflows: [] };
  for (const part of await Promise.all(lookups.map((lookup) => lookup(projectId, eventName)))) {
    usage.segments.push(...(part.segments ?? []));
    usage.workflows.push(...(part.workflows ?? []));
  }
  return usage;
}
