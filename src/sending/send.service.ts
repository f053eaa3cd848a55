/**
 * POST /v1/send: the body is checked and its shared message resolved first (prepare.ts), then the
 * request goes through the one accept path (accept.ts): each recipient's contact (created
 * unsubscribed unless the body says otherwise, contract "Contact") and its rendered email commit
 * together. The rows are the promise: once stored, delivery workers send them whatever happens to
 * this process.
 */
import type { Deps } from '../deps.ts';
import { badRequest } from '../errors.ts';
import { newId } from '../lib/ids.ts';
import { getSendSettings } from '../projects/projects.service.ts';
import { acceptMail } from './accept.ts';
import { composeEmail } from './compose.ts';
import { prepareSend } from './prepare.ts';
import type { SendBody, SendResult } from './send.schemas.ts';

/** Sends to every recipient of `body`; 400 when the only recipient is unsubscribed from a MARKETING template. */
export async function sendEmail(deps: Deps, projectId: string, body: SendBody): Promise<SendResult['data']> {
  const { msg, recipients } = await prepareSend(deps, projectId, body);
  const settings = await getSendSettings(deps, projectId);
  const { emails, skipped } = await acceptMail(deps, {
    projectId,
    recipients,
    subscribed: body.subscribed,
    data: body.data,
    source: 'send',
    subscribedOnly: msg.emailType !== 'TRANSACTIONAL',
    // A suppressed address is found by the delivery worker, which stores the row SUPPRESSED unsent.
    compose: async ({ contact, name, transient }) => ({
      ...(await composeEmail(deps, msg, { projectId, contact, name, extraVars: transient }, settings, newId())),
      via: 'api',
    }),
  });
  if (recipients.length === 1 && skipped.length === 1) {
    throw badRequest(
      `${skipped[0]!.email} is unsubscribed and this template is ${msg.emailType}: nothing was sent.`,
      'CONTACT_UNSUBSCRIBED',
    );
  }
  return { emails, ...(skipped.length > 0 ? { skipped } : {}), timestamp: deps.clock.now().toISOString() };
}
