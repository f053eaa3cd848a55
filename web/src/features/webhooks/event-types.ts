/**
 * The message types an endpoint subscribes to (beyond.md §4), grouped for the picker, and the
 * short summary a list shows of an endpoint's choice.
 */
import type { Operation, RequestBody } from '../../../../client/index.ts';

export type EndpointEvent = RequestBody<Operation<'/webhook-endpoints', 'post'>>['events'][number];
export type EventType = Exclude<EndpointEvent, '*'>;

/** Subscribes to every type, present and future. */
export const ALL_EVENTS: EndpointEvent = '*';

type Group = 'Email' | 'Contact' | 'Other';

// A record over the API's own list: a type the API adds fails to compile here until it has a group.
const GROUP_OF: Record<EventType, Group> = {
  'email.sent': 'Email',
  'email.delivered': 'Email',
  'email.delivery_delayed': 'Email',
  'email.failed': 'Email',
  'email.bounced': 'Email',
  'email.complained': 'Email',
  'email.opened': 'Email',
  'email.clicked': 'Email',
  'email.suppressed': 'Email',
  'email.received': 'Email',
  'contact.created': 'Contact',
  'contact.updated': 'Contact',
  'contact.deleted': 'Contact',
  'contact.subscribed': 'Contact',
  'contact.unsubscribed': 'Contact',
  'event.tracked': 'Other',
  'campaign.sent': 'Other',
  'workflow.execution.completed': 'Other',
  'workflow.execution.failed': 'Other',
};

export const EVENT_TYPES = Object.keys(GROUP_OF) as EventType[];

export const EVENT_GROUPS: ReadonlyArray<{ label: Group; types: EventType[] }> = (
  ['Email', 'Contact', 'Other'] as const
).map((label) => ({ label, types: EVENT_TYPES.filter((t) => GROUP_OF[t] === label) }));

export const subscribesToAll = (events: readonly string[]) => events.includes(ALL_EVENTS);

/** "All events", "email.sent", "email.sent, email.failed and 3 more". */
export function summarizeEvents(events: readonly string[], shown = 2): string {
  if (subscribesToAll(events)) return 'All events';
  if (events.length === 0) return 'No events';
  const head = events.slice(0, shown).join(', ');
  return events.length > shown ? `${head} and ${events.length - shown} more` : head;
}
