/**
 * A message submitted over SMTP becomes one outbox email per recipient under the rules of
 * /v1/send (beyond.md §6): a verified sender domain, recipients upserted as contacts (new ones
 * unsubscribed), the billing cap, tracking by the project's setting; suppression and DKIM are the
 * delivery pipeline's, as for every email. Every recipient's row commits in one transaction, so the
 * listener's 250 means all of them are stored and a refusal means none is.
 */
import type { ParsedMail } from 'mailparser';
import type { Deps } from '../deps.ts';
import { assertVerifiedSender } from '../domains/domains.service.ts';
import type { EmailToSend } from '../emails/enqueue.ts';
import { newId } from '../lib/ids.ts';
import { getSendSettings } from '../projects/projects.service.ts';
import { acceptMail } from '../sending/accept.ts';
import { assertMessageSize, withTrackingIfSet } from '../sending/compose.ts';
import { type SubmittedMessage, toSubmittedMessage } from './submitted-message.ts';

/**
 * Stores `mail` for each of `recipients` (already normalized, distinct) through the accept path of
 * /v1/send and wakes delivery; answers the email ids. Throws MalformedMessage, or the AppError
 * /v1/send would answer (403 unverified sender, 402 billing cap, 413 too large), with nothing stored.
 */
export async function submitMessage(
  deps: Deps,
  projectId: string,
  recipients: string[],
  mail: ParsedMail,
): Promise<string[]> {
  const msg = toSubmittedMessage(mail);
  await assertVerifiedSender(deps, projectId, msg.from.email);
  const settings = await getSendSettings(deps, projectId);
  const { emails } = await acceptMail(deps, {
    projectId,
    recipients: recipients.map((email) => ({ email })),
    source: 'smtp',
    subscribedOnly: false,
    compose: async ({ contact }) =>
      toEmail(deps, msg, { projectId, contactId: contact.id, to: contact.email }, settings.tracking),
  });
  return emails.map((e) => e.email);
}

function toEmail(
  deps: Pick<Deps, 'config' | 'secrets'>,
  msg: SubmittedMessage,
  target: { projectId: string; contactId: string; to: string },
  tracking: Parameters<typeof withTrackingIfSet>[2]['tracking'],
): EmailToSend {
  const id = newId();
  // A message without an HTML part stays without one (no part made just to carry the open pixel).
  const html = msg.html
    ? withTrackingIfSet(deps, msg.html, {
        projectId: target.projectId,
        emailId: id,
        emailType: 'TRANSACTIONAL',
        tracking,
      })
    : '';
  assertMessageSize(html, msg.text, msg.attachments);
  return {
    id,
    projectId: target.projectId,
    contactId: target.contactId,
    templateId: null,
    templateVersion: null,
    sourceType: 'TRANSACTIONAL',
    sourceId: null,
    emailType: 'TRANSACTIONAL',
    toEmail: target.to,
    toName: null,
    fromEmail: msg.from.email,
    fromName: msg.from.name ?? null,
    replyTo: msg.replyTo ?? null,
    subject: msg.subject,
    html,
    text: msg.text,
    headers: msg.headers,
    attachments: msg.attachments,
    // The client's own id keeps its threads (In-Reply-To, References) whole; ours otherwise.
    messageId: msg.messageId,
    via: 'smtp',
  };
}
