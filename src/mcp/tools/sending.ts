/**
 * The data-plane tools: one transactional email through the path of POST /v1/send (its checks,
 * suppressions, caps and outbox), and an event through the path of POST /v1/track.
 */
import { Type } from 'typebox';
import { badRequest } from '../../errors.ts';
import { TrackBody } from '../../events/events.schemas.ts';
import { trackEvent } from '../../events/track.service.ts';
import { Recipient, SendBody } from '../../sending/send.schemas.ts';
import { sendEmail } from '../../sending/send.service.ts';
import { defineTool } from './types.ts';

const send = SendBody.properties;

export const sendEmailTool = defineTool({
  name: 'send_email',
  description:
    'Sends one transactional email to ONE recipient now, as POST /v1/send does: `subject` and `body` (HTML), or a ' +
    '`template` id whose content is used (explicit fields override it; `data` fills its variables and updates the ' +
    'contact). `from` must be on a verified domain unless the template has a sender. Mail to several people is a ' +
    'campaign: use create_campaign_draft. Answers the email id (see search_email_log for its status).',
  input: Type.Object({
    to: Type.Union([Recipient, Type.Array(Recipient, { minItems: 1, maxItems: 1000 })], {
      description: 'The one recipient: an address, or { name, email }.',
    }),
    subject: send.subject,
    body: send.body,
    template: send.template,
    from: send.from,
    reply: Type.Optional({ ...send.reply, description: 'Reply-To address.' }),
    data: send.data,
    subscribed: send.subscribed,
  }),
  write: true,
  resource: 'email',
  async run(deps, projectId, args) {
    const recipients = Array.isArray(args.to) ? args.to : [args.to];
    // One person per call: an assistant looping over a list would be a campaign without its checks.
    if (recipients.length > 1) {
      throw badRequest(
        `send_email sends to one recipient (got ${recipients.length}): use create_campaign_draft for mail to many people.`,
        'TOO_MANY_RECIPIENTS',
      );
    }
    const sent = await sendEmail(deps, projectId, { ...args, to: recipients[0]! });
    const [email] = sent.emails;
    if (!email) throw badRequest('Nothing was sent.', 'NOTHING_SENT');
    return {
      result: { email: email.email, contact: email.contact, status: 'PENDING', timestamp: sent.timestamp },
      resourceId: email.email,
    };
  },
});

export const trackEventTool = defineTool({
  name: 'track_event',
  description:
    'Records a named event for the contact with this email (created, subscribed, when new), as POST /v1/track does: ' +
    "`data` updates the contact's custom fields and is stored on the event; workflows triggered by the event start. " +
    'Names starting with "email.", "contact." or "segment." are reserved.',
  input: Type.Object({
    email: TrackBody.properties.email,
    event: TrackBody.properties.event,
    data: TrackBody.properties.data,
  }),
  write: true,
  resource: 'event',
  async run(deps, projectId, args) {
    const tracked = await trackEvent(deps, projectId, args);
    return { result: tracked, resourceId: tracked.event };
  },
});
