/**
 * Where an event name is referenced. Segments (filters) and workflows (triggers, WAIT_FOR_EVENT steps,
 * conditions) each give a lookup at composition (src/composition.ts); events never import them.
 */
import type { UsageLookup } from '../lib/usage.ts';
import type { EventUsage } from './events.schemas.ts';

declare module '../deps.ts' {
  interface FeatureHooks {
    /** Where event names are referenced (segments, workflows): GET /events/:eventName/usage. */
    eventUsage: readonly UsageLookup[];
  }
}

/** Finds references to the event name within one project. */
export type EventUsageLookup = UsageLookup<EventUsage>;
