/** Types and query keys of the events screens. */
import type { ResponseBody } from '../../../../client/index.ts';
import type { paths } from '../../../../client/schema.d.ts';

export type EventPage = ResponseBody<NonNullable<paths['/events']['get']>>;
export type TrackedEvent = EventPage['data'][number];
export type EventName = ResponseBody<NonNullable<paths['/events/names']['get']>>['names'][number];
export type EventUsage = ResponseBody<NonNullable<paths['/events/{eventName}/usage']['get']>>;

/** Every events query starts with this, so one invalidation refreshes all of them. */
export const eventsKey = (projectId: string) => ['project', projectId, 'events'] as const;

/** A compact, readable one-line form of an event's data: `plan: "pro", amount: 42`. */
export function summarizeData(data: Record<string, unknown>, max = 120): string {
  const parts = Object.entries(data).map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
  const text = parts.join(', ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
