/**
 * Turns one message and one recipient into the outbox row that will go out: the Liquid subject and
 * body rendered with the contact's variables, the MARKETING footer and List-Unsubscribe headers,
 * the plain-text part, and tracking. Everything a retry needs is in the row, so every attempt sends
 * the same bytes (and the web version, GET /view/:token, shows that row).
 */
import type { ContactView } from '../contacts/contacts.schemas.ts';
import type { EmailSource, EmailType, Tracking } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import type { NewEmail } from '../emails/enqueue.ts';
import { tooLarge } from '../errors.ts';
import { subscriptionUrls, webVersionUrl } from '../mail/links.ts';
import { appendFooter, marketingFooter } from '../mail/render/footer.ts';
import { renderTemplate } from '../mail/render/liquid.ts';
import { htmlToPlainText } from '../mail/render/text.ts';
import { withTracking } from '../mail/render/tracking-links.ts';
import type { OutgoingAttachment } from '../mail/types.ts';

/** The whole message (parts and attachments) may not be larger than this (contract limit). */
export const MESSAGE_MAX_BYTES = 40 * 1024 * 1024;

/** What is the same for every recipient of one send. */
export interface PreparedMessage {
  subject: string;
  body: string;
  emailType: EmailType;
  templateId: string | null;
  /** The template version the message is from (the email log's `templateVersion`). */
  templateVersion: number | null;
  from: { email: string; name?: string };
  replyTo?: string;
  headers: Record<string, string>;
  attachments: OutgoingAttachment[];
  sourceType: EmailSource;
  sourceId: string | null;
  /** Sent to a topic's subscribers: its unsubscribe link and one-click endpoint leave that topic only. */
  topicId?: string;
  /** The A/B variant the message is (campaigns/ab/variants.ts). */
  variant?: string;
}

export interface ComposeTarget {
  projectId: string;
  contact: ContactView;
  /** The recipient's display name, when the request gave one. */
  name?: string;
  /** Values for this send only (`persistent: false`, workflow `event` and `workflow`). */
  extraVars?: Record<string, unknown>;
}

function tracks(tracking: Tracking, type: EmailType): boolean {
  if (tracking === 'DISABLED') return false;
  return tracking === 'ENABLED' || type !== 'TRANSACTIONAL';
}

/** `html` with tracked links and the open pixel, when the project's tracking setting covers this type of mail. */
export function withTrackingIfSet(
  deps: Pick<Deps, 'config' | 'secrets'>,
  html: string,
  at: { projectId: string; emailId: string; emailType: EmailType; tracking: Tracking },
): string {
  if (!tracks(at.tracking, at.emailType)) return html;
  return withTracking(html, {
    baseUrl: deps.config.baseUrl,
    secret: deps.secrets.signingSecret,
    projectId: at.projectId,
    emailId: at.emailId,
    opens: true,
    clicks: true,
  });
}

/** 413 when the parts and attachments together go over MESSAGE_MAX_BYTES. */
export function assertMessageSize(html: string, text: string, attachments: OutgoingAttachment[]): void {
  const size =
    Buffer.byteLength(html) + Buffer.byteLength(text) + attachments.reduce((n, a) => n + a.content.length, 0);
  if (size > MESSAGE_MAX_BYTES) throw tooLarge('The whole message may not be larger than 40 MB.');
}

/** Sets a header field, replacing one of the same name in any case (a custom `precedence` included). */
function setHeader(headers: Record<string, string>, name: string, value: string): void {
  for (const key of Object.keys(headers)) if (key.toLowerCase() === name.toLowerCase()) delete headers[key];
  headers[name] = value;
}

/** Renders `msg` for `target`: 422 for a template that does not parse or render, 413 for an oversized message. */
export async function composeEmail(
  deps: Pick<Deps, 'config' | 'secrets'>,
  msg: PreparedMessage,
  target: ComposeTarget,
  settings: { tracking: Tracking; defaultLocale?: string },
  emailId: string,
): Promise<NewEmail> {
  const { contact } = target;
  const secret = deps.secrets.signingSecret;
  const urls = subscriptionUrls(deps.config.baseUrl, secret, {
    p: target.projectId,
    c: contact.id,
    e: emailId,
    ...(msg.topicId && { t: msg.topicId }),
  });
  // Marketing mail (what gets the List-Unsubscribe pair) links to its web version; transactional mail
  // (receipts, resets) does not: its page would put what may be a secret behind a forwardable link.
  const webVersion =
    msg.emailType === 'TRANSACTIONAL'
      ? ''
      : webVersionUrl(deps.config.baseUrl, secret, { p: target.projectId, e: emailId });
  // The project's default locale stands in for a contact that has none (docs/project-safety.md).
  const locale = typeof contact.data.locale === 'string' ? contact.data.locale : settings.defaultLocale;
  const vars = {
    ...contact.data,
    ...target.extraVars,
    id: contact.id,
    email: contact.email,
    subscribed: contact.subscribed,
    locale,
    ...urls,
    webVersionUrl: webVersion,
  };
  const subject = await renderTemplate('subject', 'subject', msg.subject, vars);
  let html = await renderTemplate('body', 'body', msg.body, vars);
  const headers = { ...msg.headers };
  if (msg.emailType !== 'TRANSACTIONAL') {
    // RFC 8058: the one-click POST goes to the same signed URL the footer links to.
    setHeader(headers, 'List-Unsubscribe', `<${urls.unsubscribeUrl}>`);
    setHeader(headers, 'List-Unsubscribe-Post', 'List-Unsubscribe=One-Click');
  }
  if (msg.emailType === 'MARKETING') {
    setHeader(headers, 'Precedence', 'bulk');
    html = appendFooter(html, marketingFooter(locale, { ...urls, webVersionUrl: webVersion }));
  }
  const text = htmlToPlainText(html);
  html = withTrackingIfSet(deps, html, {
    projectId: target.projectId,
    emailId,
    emailType: msg.emailType,
    tracking: settings.tracking,
  });
  assertMessageSize(html, text, msg.attachments);
  // A subject rendered from data must stay one header line.
  const oneLineSubject = subject.replace(/[\r\n]+/g, ' ').slice(0, 998);
  return {
    id: emailId,
    projectId: target.projectId,
    contactId: contact.id,
    templateId: msg.templateId,
    templateVersion: msg.templateVersion,
    sourceType: msg.sourceType,
    sourceId: msg.sourceId,
    emailType: msg.emailType,
    toEmail: contact.email,
    toName: target.name ?? null,
    fromEmail: msg.from.email,
    fromName: msg.from.name ?? null,
    replyTo: msg.replyTo ?? null,
    subject: oneLineSubject,
    html,
    text,
    headers,
    attachments: msg.attachments,
    ...(msg.variant !== undefined && { variant: msg.variant }),
  };
}
