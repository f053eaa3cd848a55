/**
 * What inbound mail means: a bounce or complaint report about one of our emails (named by the VERP
 * address it was sent to, or by the original message it quotes) becomes feedback; any other mail to a
 * project's verified domain becomes an `email.received` event on that project.
 */
import type { ParsedMail } from 'mailparser';
import { findContactIdByEmail } from '../contacts/contacts.service.ts';
import type { Deps } from '../deps.ts';
import { projectReceivingFor } from '../domains/domains.service.ts';
import { type NewEvent, recordEvents } from '../events/events.service.ts';
import { recordFeedback } from './feedback.service.ts';
import { reportOf } from './reports.ts';
import { emailIdFromAddress } from './verp.ts';

export type InboundDeps = Pick<Deps, 'db' | 'reader' | 'dialect' | 'clock' | 'eventListeners' | 'log' | 'jobs'>;

/** Whether a recipient is ours to accept: a VERP address, or an address on a verified domain of a project. */
export async function acceptsRecipient(deps: Pick<Deps, 'reader'>, address: string): Promise<boolean> {
  if (emailIdFromAddress(address)) return true;
  return (await projectReceivingFor(deps, address)) !== undefined;
}

/** Handles one received message; `recipients` are the envelope's accepted RCPT TO addresses. */
export async function receiveInboundMail(
  deps: InboundDeps,
  envelope: { from: string; recipients: string[] },
  mail: ParsedMail,
): Promise<'feedback' | 'received' | 'ignored'> {
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
  const ordinary = envelope.recipients.filter((r) => !emailIdFromAddress(r));
  const from = mail.from?.value[0]?.address ?? envelope.from;
  const events: NewEvent[] = [];
  const contacts = new Map<string, string | null>();
  for (const to of ordinary) {
    const projectId = await projectReceivingFor(deps, to);
    if (!projectId) continue;
    if (!contacts.has(projectId)) contacts.set(projectId, (await findContactIdByEmail(deps, projectId, from)) ?? null);
    const data = { from, to, subject: mail.subject ?? '', messageId: mail.messageId?.replace(/^<|>$/g, '') ?? null };
    events.push({ projectId, contactId: contacts.get(projectId)!, name: 'email.received', data });
  }
  if (events.length === 0) return 'ignored';
  await recordEvents(deps, events);
  return 'received';
}
