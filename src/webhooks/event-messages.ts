/**
 * The event listener that turns stored events into webhook messages, in the transaction that stores
 * them (events/event-listener.ts): the email events of delivery and tracking, inbound mail,
 * subscription changes, and every tracked event (`event.tracked`). A project no endpoint listens to
 * costs one in-memory lookup per batch of events.
 */

import { contactViewsIn } from '../contacts/contact-view.ts';
import type { Trx } from '../db/index.ts';
import type { Deps } from '../deps.ts';
import { emailFactsIn, emailWebhookData } from '../emails/email-webhook-data.ts';
import type { EventListener, StoredEvent } from '../events/event-listener.ts';
import { isSystemEventName } from '../events/events.service.ts';
import { groupBy } from '../lib/group-by.ts';
import { withTopics } from '../topics/topic-choices.service.ts';
import type { Announcement, WebhookEventType } from './webhook-types.ts';

/** The webhook type of each system event that has one (decisions.md's event names → beyond.md §4's types). */
const FROM_EVENT: Readonly<Record<string, WebhookEventType>> = {
  'email.sent': 'email.sent',
  'email.delivery': 'email.delivered',
  'email.open': 'email.opened',
  'email.click': 'email.clicked',
  'email.bounce': 'email.bounced',
  'email.complaint': 'email.complained',
  'email.received': 'email.received',
  'contact.subscribed': 'contact.subscribed',
  'contact.unsubscribed': 'contact.unsubscribed',
};

/** Types whose data is an outbox email's facts. */
const ABOUT_AN_EMAIL = new Set<WebhookEventType>([
  'email.sent',
  'email.delivered',
  'email.opened',
  'email.clicked',
  'email.bounced',
  'email.complained',
]);

function typeOf(event: StoredEvent): WebhookEventType | undefined {
  return typeOfName(event.name);
}

function typeOfName(name: string): WebhookEventType | undefined {
  const mapped = FROM_EVENT[name];
  if (mapped) return mapped;
  // segment.<slug>.entry|exit and other system names have no webhook type; anything else was tracked.
  return isSystemEventName(name) ? undefined : 'event.tracked';
}

const dataOf = (e: StoredEvent) => (e.data ?? {}) as Record<string, unknown>;

/** The announcements of one project's events, reading emails and contacts through `trx`. */
async function announcementsOf(
  deps: Pick<Deps, 'reader' | 'topics'>,
  trx: Trx,
  projectId: string,
  typed: Array<{ e: StoredEvent; type: WebhookEventType }>,
) {
  const emailIds = typed.flatMap(({ e, type }) => {
    const id = dataOf(e).emailId;
    return ABOUT_AN_EMAIL.has(type) && typeof id === 'string' ? [id] : [];
  });
  const emails = new Map<string, Record<string, unknown>>();
  if (emailIds.length > 0) {
    const rows = await emailFactsIn(trx, projectId, emailIds);
    const data = await emailWebhookData(trx, rows);
    for (const [i, r] of rows.entries()) emails.set(r.id, data[i]!);
  }
  const contactIds = typed.flatMap(({ e, type }) =>
    (type.startsWith('contact.') || type === 'event.tracked') && e.contactId ? [e.contactId] : [],
  );
  const views = await withTopics(deps, trx, projectId, await contactViewsIn(trx, projectId, contactIds));
  const contacts = new Map(views.map((c) => [c.id, c]));
  const out: Announcement[] = [];
  for (const { e, type } of typed) {
    const at = new Date(e.createdAt);
    if (ABOUT_AN_EMAIL.has(type)) {
      const { emailId, detail, ...rest } = dataOf(e);
      const facts = emails.get(String(emailId));
      // An event naming no email of the project (an email since deleted) has nothing to tell.
      if (!facts) continue;
      out.push({ type, at, data: { ...facts, ...rest, ...(detail != null && { smtpResponse: detail }) } });
    } else if (type === 'email.received') {
      out.push({ type, at, data: { ...dataOf(e), contactId: e.contactId } });
    } else if (type === 'event.tracked') {
      const contact = e.contactId ? contacts.get(e.contactId) : undefined;
      const data = { name: e.name, contactId: e.contactId, email: contact?.email ?? null, data: dataOf(e) };
      out.push({ type, at, data });
    } else {
      const contact = e.contactId ? contacts.get(e.contactId) : undefined;
      if (contact) out.push({ type, at, data: contact });
    }
  }
  return out;
}

export function webhookEventListener(deps: Pick<Deps, 'webhooks' | 'reader' | 'topics'>): EventListener {
  const listener: EventListener = async (trx, events) => {
    for (const [projectId, group] of groupBy(events, (e) => e.projectId)) {
      const typed = group.flatMap((e) => {
        const type = typeOf(e);
        return type ? [{ e, type }] : [];
      });
      if (typed.length === 0) continue;
      if (!(await deps.webhooks.wants(trx, projectId, [...new Set(typed.map((t) => t.type))]))) continue;
      await deps.webhooks.announce(trx, projectId, await announcementsOf(deps, trx, projectId, typed));
    }
  };
  listener.hears = async (db, projectId, names) => {
    const types = new Set(names.flatMap((name) => typeOfName(name) ?? []));
    return types.size > 0 && deps.webhooks.wants(db, projectId, [...types]);
  };
  return listener;
}
