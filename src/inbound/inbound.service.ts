/**
 * What inbound mail means: a bounce or complaint report about one of our emails (named by the VERP
 * address it was sent to, or by the original message it quotes) becomes feedback; any other mail to a
 * project's verified domain becomes an `email.received` event on that project (data: inbound-mail.ts).
 */
import type { ParsedMail } from 'mailparser';
import { recordFeedback } from '../bounces/feedback.service.ts';
import { findContactIdByEmail } from '../contacts/contacts.service.ts';
import type { Deps } from '../deps.ts';
import { projectReceivingFor } from '../domains/domains.service.ts';
import { type NewEvent, recordEvents } from '../events/events.service.ts';
import { emailIdFromAddress } from '../mail/verp.ts';
import { receivedMailData, senderOf } from './inbound-mail.ts';
import { reportOf } from './reports.ts';

export type InboundDeps = Pick<
  Deps,
  'db' | 'reader' | 'dialect' | 'clock' | 'eventListeners' | 'log' | 'jobs' | 'suppressionRules'
>;

/** Whether a recipient is ours to accept: a VERP address, or an address on a verified domain of a project. */
export async function acceptsRecipient(deps: Pick<Deps, 'reader'>, address: string): Promise<boolean> {
  if (emailIdFromAddress(address)) return true;
  return (await projectReceivingFor(deps, address)) !== undefined;
}

/**
 * What became of a message: feedback on one of our emails, `email.received` events, nothing (mail
 * to nobody we serve any more, or an auto-reply to a return path), or refused: mail for a project
 * whose From header names no address (RFC 5322 requires one; nothing is stored).
 */
export type InboundOutcome = 'feedback' | 'received' | 'ignored' | 'no-sender';

/**
 * Handles one received message; `recipients` are the envelope's accepted RCPT TO addresses. Every
 * `email.received` event of the message is stored in one transaction, or none is.
 */
export async function receiveInboundMail(
  deps: InboundDeps,
  envelope: { recipients: string[] },
  mail: ParsedMail,
): Promise<InboundOutcome> {
  const report = reportOf(mail);
  if (report !== undefined) {
    if (report === null) return 'ignored';
    const verpId = envelope.recipients.map(emailIdFromAddress).find((id) => id !== undefined);
    const outcome = await recordFeedback(deps, {
      kind: report.kind,
      bounceType: report.bounceType,
      emailId: verpId ?? report.original.emailId,
      messageId: report.original.messageId,
      recipient: report.recipient,
      detail: report.detail,
    });
    if (!outcome.emailId) deps.log.info({ recipients: envelope.recipients }, 'inbound report names no known email');
    return 'feedback';
  }
  // Anything else sent to a return path (auto-replies, vacation notices) is not a conversation.
  const targets: { to: string; projectId: string }[] = [];
  for (const to of envelope.recipients) {
    if (emailIdFromAddress(to)) continue;
    const projectId = await projectReceivingFor(deps, to);
    if (projectId) targets.push({ to, projectId });
  }
  if (targets.length === 0) return 'ignored';
  // The event names its sender; the envelope's MAIL FROM is often a bounce address, not a person.
  const from = senderOf(mail);
  if (!from) return 'no-sender';
  const contacts = new Map<string, string | null>();
  for (const { projectId } of targets) {
    if (!contacts.has(projectId)) contacts.set(projectId, (await findContactIdByEmail(deps, projectId, from)) ?? null);
  }
  // Senders who are not contacts are recorded without one and never become contacts here: mail
  // from anyone must not grow a project's audience (docs/inbound-mail.md).
  const events: NewEvent[] = targets.map(({ to, projectId }) => ({
    projectId,
    contactId: contacts.get(projectId)!,
    name: 'email.received',
    data: receivedMailData(mail, from, to),
  }));
  // One call, so one transaction for every recipient of every project, listeners included: the
  // message is stored whole or (on a failure, answered 451 so the sender retries) not at all.
  await recordEvents(deps, events);
  return 'received';
}
