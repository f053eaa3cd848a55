/**
 * The message types an endpoint subscribes to (beyond.md §4), grouped for the picker, and the
 * short summary a list shows of an endpoint's choice.
 */
import type { Operation, RequestBody } from '../../../../client/index.ts';
import { i18n } from '../../i18n/i18n.ts';
import { msg } from '../../i18n/msg.ts';

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

/** Each group's heading and its "tick all" box, as English messages the picker translates. */
const GROUP_TEXT: Record<Group, { label: string; every: string }> = {
  Email: { label: msg('Email'), every: msg('Every email type') },
  Contact: { label: msg('Contact'), every: msg('Every contact type') },
  Other: { label: msg('Other'), every: msg('Every other type') },
};

export const EVENT_GROUPS: ReadonlyArray<{ group: Group; label: string; every: string; types: EventType[] }> = (
  ['Email', 'Contact', 'Other'] as const
).map((group) => ({ group, ...GROUP_TEXT[group], types: EVENT_TYPES.filter((t) => GROUP_OF[t] === group) }));

export const subscribesToAll = (events: readonly string[]) => events.includes(ALL_EVENTS);

/** "All events", "email.sent", "email.sent, email.failed and 3 more". */
export function summarizeEvents(events: readonly string[], shown = 2): string {
  if (subscribesToAll(events)) return i18n.t('All events');
  if (events.length === 0) return i18n.t('No events');
  const head = events.slice(0, shown).join(', ');
  return events.length > shown
    ? i18n.t('{head} and {count, plural, other {# more}}', { head, count: events.length - shown })
    : head;
}
