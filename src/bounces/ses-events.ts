/**
 * SES feedback carried in an SNS notification's `Message`: either SES notifications
 * (`notificationType`) or event publishing (`eventType`), Bounce, Complaint and Delivery alike.
 * The email is named by SES's `mail.messageId` (our transport_message_id) and, for mail relayed
 * through SES by SMTP, by our own X-Mailwright-Email-Id and Message-ID among `mail.headers`.
 */
import type { Feedback } from './feedback.service.ts';

interface SesMail {
  messageId?: unknown;
  headers?: unknown;
  commonHeaders?: { messageId?: unknown };
}

type Recipient = { emailAddress?: unknown; diagnosticCode?: unknown; status?: unknown };

/** The feedback a SES message reports (none for other event types or a message that is not SES's JSON). */
export function feedbackFromSes(message: string): Feedback[] {
  let body: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(message);
    if (!isObject(parsed)) return [];
    body = parsed;
  } catch {
    return [];
  }
  const type = str(body.eventType) ?? str(body.notificationType);
  const ids = isObject(body.mail) ? idsOf(body.mail as SesMail) : {};
  if (type === 'Delivery') {
    const delivery = isObject(body.delivery) ? body.delivery : {};
    const recipient = recipientsOf(delivery.recipients)[0];
    return [{ kind: 'delivery', ...ids, recipient, detail: str(delivery.smtpResponse) }];
  }
  if (type === 'Bounce' && isObject(body.bounce)) {
    const bounce = body.bounce;
    const hard = str(bounce.bounceType) === 'Permanent';
    const first = (Array.isArray(bounce.bouncedRecipients) ? bounce.bouncedRecipients : [])[0] as Recipient | undefined;
    const detail =
      str(first?.diagnosticCode) ?? [str(bounce.bounceType), str(bounce.bounceSubType)].filter(Boolean).join(' / ');
    return [
      {
        kind: 'bounce',
        bounceType: hard ? 'hard' : 'soft',
        ...ids,
        recipient: str(first?.emailAddress),
        detail,
      },
    ];
  }
  if (type === 'Complaint' && isObject(body.complaint)) {
    const complaint = body.complaint;
    const recipient = recipientsOf(complaint.complainedRecipients)[0];
    return [{ kind: 'complaint', ...ids, recipient, detail: str(complaint.complaintFeedbackType) ?? 'complaint' }];
  }
  return [];
}

function idsOf(mail: SesMail): Pick<Feedback, 'emailId' | 'messageId' | 'transportMessageId'> {
  const headers = Array.isArray(mail.headers) ? mail.headers : [];
  const header = (name: string) => {
    const h = headers.find((x) => isObject(x) && str(x.name)?.toLowerCase() === name);
    return h ? str((h as { value?: unknown }).value) : undefined;
  };
  return {
    transportMessageId: str(mail.messageId),
    emailId: header('x-mailwright-email-id'),
    messageId: header('message-id') ?? str(mail.commonHeaders?.messageId),
  };
}

function recipientsOf(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.map((r) => (typeof r === 'string' ? r : isObject(r) ? str(r.emailAddress) : undefined)).filter(isString);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function isString(v: string | undefined): v is string {
  return v !== undefined;
}
