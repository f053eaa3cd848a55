/**
 * POST /v1/send: each recipient in turn gets its own contact upsert (created unsubscribed unless the
 * body says otherwise, contract "Contact"), its own rendering and its own outbox row. The rows are
 * the promise: once stored, delivery workers send them whatever happens to this process.
 */

import { reserveSends } from '../billing/usage.service.ts';
import { updateContact } from '../contacts/contact-update.service.ts';
import type { ContactView } from '../contacts/contacts.schemas.ts';
import { upsertContact } from '../contacts/contacts.service.ts';
import type { Deps } from '../deps.ts';
import { badRequest } from '../errors.ts';
import { newId } from '../lib/ids.ts';
import { getSendSettings } from '../projects/projects.service.ts';
import { composeEmail, priorityOf } from './compose.ts';
import { insertEmail } from './outbox.repo.ts';
import { type PreparedSend, prepareSend } from './prepare.ts';
import type { SendBody, SendResult } from './send.schemas.ts';

/** Our Message-ID for an email: its id at the sender's domain (the same on every attempt). */
export function messageIdFor(emailId: string, fromEmail: string): string {
  return `${emailId}@${fromEmail.split('@').at(-1)}`;
}

/** A recipient object's name is kept as `data.name` when the contact has none (decisions.md). */
async function keepName(deps: Deps, projectId: string, contact: ContactView, name: string | undefined) {
  if (!name || (contact.data.name !== undefined && contact.data.name !== null)) return contact;
  return updateContact(deps, projectId, contact.id, { data: { name } });
}

/** Sends to every recipient of `body`; 400 when the only recipient is unsubscribed from a MARKETING template. */
export async function sendEmail(deps: Deps, projectId: string, body: SendBody): Promise<SendResult['data']> {
  const prepared = await prepareSend(deps, projectId, body);
  // Billing cap (billing/usage.service.ts): every recipient is reserved before any contact is written,
  // so a 402 changes nothing; what was not stored is given back. No query at all with billing off.
  const quota = await reserveSends(deps, projectId, 'transactional', prepared.recipients.length);
  const emails: SendResult['data']['emails'] = [];
  try {
    return await sendPrepared(deps, projectId, body, prepared, emails);
  } finally {
    await quota?.release(emails.length);
  }
}

async function sendPrepared(
  deps: Deps,
  projectId: string,
  body: SendBody,
  { msg, recipients }: PreparedSend,
  emails: SendResult['data']['emails'],
): Promise<SendResult['data']> {
  const settings = await getSendSettings(deps, projectId);
  const skipped: NonNullable<SendResult['data']['skipped']> = [];
  for (const r of recipients) {
    const up = await upsertContact(
      deps,
      projectId,
      { email: r.email, subscribed: body.subscribed, data: body.data },
      { subscribedOnCreate: false, source: 'send' },
    );
    const contact = await keepName(deps, projectId, up.contact, r.name);
    // MARKETING and HEADLESS mail goes to subscribed contacts only; TRANSACTIONAL always.
    if (msg.emailType !== 'TRANSACTIONAL' && !contact.subscribed) {
      skipped.push({ email: contact.email, reason: 'UNSUBSCRIBED' });
      continue;
    }
    const id = newId();
    const email = await composeEmail(
      deps,
      msg,
      { projectId, contact, name: r.name, extraVars: up.transient },
      settings,
      id,
    );
    // A suppressed address is found by the delivery worker, which stores the row SUPPRESSED unsent.
    await insertEmail(
      deps.db,
      deps.dialect,
      {
        ...email,
        status: 'PENDING',
        priority: priorityOf(msg.sourceType),
        messageId: messageIdFor(id, msg.from.email),
        via: 'api',
      },
      deps.clock.now(),
    );
    emails.push({ contact: { id: contact.id, email: contact.email }, email: id });
  }
  if (recipients.length === 1 && skipped.length === 1) {
    throw badRequest(
      `${skipped[0]!.email} is unsubscribed and this template is ${msg.emailType}: nothing was sent.`,
      'CONTACT_UNSUBSCRIBED',
    );
  }
  // Each row committed with its own insert: the wake goes straight to this process's worker.
  if (emails.length > 0) await deps.deliveryWaker.wake();
  return { emails, ...(skipped.length > 0 ? { skipped } : {}), timestamp: deps.clock.now().toISOString() };
}
