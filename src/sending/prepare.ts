/**
 * Checks a /v1/send body and resolves what every recipient shares: the template and its overrides,
 * the sender (on a verified domain), Reply-To, custom headers and decoded attachments. Everything
 * here runs before any contact is touched, so a bad request changes nothing.
 */
import { normalizeEmail } from '../contacts/email.ts';
import type { Deps } from '../deps.ts';
import { assertVerifiedSender } from '../domains/domains.service.ts';
import { type FieldError, invalidFields, tooLarge } from '../errors.ts';
import { checkContentType, checkCustomHeaders, checkDisplayName, checkFilename } from '../mail/headers.ts';
import { assertTemplateSyntax } from '../mail/render/liquid.ts';
import type { OutgoingAttachment } from '../mail/types.ts';
import { getTemplateRow } from '../templates/templates.service.ts';
import type { PreparedMessage } from './compose.ts';
import type { Attachment, Recipient, SendBody } from './send.schemas.ts';

export interface PreparedSend {
  msg: PreparedMessage;
  recipients: Array<{ email: string; name?: string }>;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function decodeAttachments(list: Attachment[], maxBytes: number, errors: FieldError[]): OutgoingAttachment[] {
  let total = 0;
  const out: OutgoingAttachment[] = [];
  list.forEach((a, i) => {
    const field = `attachments[${i}]`;
    errors.push(
      ...checkFilename(`${field}.filename`, a.filename),
      ...checkContentType(`${field}.contentType`, a.contentType),
    );
    const disposition = a.disposition ?? 'attachment';
    if (disposition === 'inline' && !a.contentId) {
      errors.push({ field: `${field}.contentId`, message: 'is required for an inline attachment', code: 'REQUIRED' });
    }
    if (a.contentId !== undefined && !/^[\x21-\x7e]+$/.test(a.contentId)) {
      errors.push({
        field: `${field}.contentId`,
        message: 'must be printable ASCII without spaces',
        code: 'INVALID_VALUE',
      });
    }
    const b64 = a.content.replace(/\s+/g, '');
    if (b64.length % 4 !== 0 || !BASE64.test(b64)) {
      errors.push({ field: `${field}.content`, message: 'must be base64', code: 'INVALID_BASE64' });
      return;
    }
    const content = Buffer.from(b64, 'base64');
    total += content.length;
    out.push({ filename: a.filename, contentType: a.contentType, content, contentId: a.contentId, disposition });
  });
  if (total > maxBytes) {
    throw tooLarge(`Attachments may total at most ${Math.floor(maxBytes / (1024 * 1024))} MB (got ${total} bytes).`);
  }
  return out;
}

function address(field: string, raw: string, errors: FieldError[]): string {
  const email = normalizeEmail(raw);
  if (!email) errors.push({ field, message: 'must be a valid email address', code: 'INVALID_EMAIL' });
  return email ?? '';
}

function recipientsOf(to: SendBody['to'], errors: FieldError[]): PreparedSend['recipients'] {
  const list: Recipient[] = Array.isArray(to) ? to : [to];
  return list.map((r, i) => {
    const field = Array.isArray(to) ? `to[${i}]` : 'to';
    if (typeof r === 'string') return { email: address(field, r, errors) };
    if (r.name !== undefined) errors.push(...checkDisplayName(`${field}.name`, r.name));
    return { email: address(`${field}.email`, r.email, errors), name: r.name || undefined };
  });
}

/** Validates the body and resolves the shared message; 422 listing every problem, 403/404/413 as they apply. */
export async function prepareSend(
  deps: Pick<Deps, 'reader' | 'db' | 'config' | 'verifiedDomains'>,
  projectId: string,
  body: SendBody,
): Promise<PreparedSend> {
  const errors: FieldError[] = [];
  const template = body.template ? await getTemplateRow(deps, projectId, body.template) : undefined;
  const subject = body.subject ?? template?.subject;
  const html = body.body ?? template?.body;
  if (subject === undefined)
    errors.push({ field: 'subject', message: 'is required without a template', code: 'REQUIRED' });
  if (html === undefined) errors.push({ field: 'body', message: 'is required without a template', code: 'REQUIRED' });

  const recipients = recipientsOf(body.to, errors);
  let from: PreparedMessage['from'] | undefined;
  if (typeof body.from === 'string') from = { email: address('from', body.from, errors), name: body.name || undefined };
  else if (body.from)
    from = { email: address('from.email', body.from.email, errors), name: body.from.name || undefined };
  else if (template?.fromEmail) from = { email: template.fromEmail, name: template.fromName ?? undefined };
  else errors.push({ field: 'from', message: 'is required unless the template has a sender', code: 'REQUIRED' });
  if (from?.name !== undefined) errors.push(...checkDisplayName('from.name', from.name));
  const replyRaw = body.reply ?? template?.replyTo ?? undefined;
  const replyTo = replyRaw ? address('reply', replyRaw, errors) : undefined;
  errors.push(...checkCustomHeaders(body.headers ?? {}));
  const attachments = decodeAttachments(body.attachments ?? [], deps.config.attachmentsMaxBytes, errors);
  if (errors.length > 0) throw invalidFields(errors);

  // Syntax first: a template that cannot parse fails before any contact is written.
  assertTemplateSyntax('subject', 'subject', subject!);
  assertTemplateSyntax('body', 'body', html!);
  await assertVerifiedSender(deps, projectId, from!.email);
  return {
    recipients,
    msg: {
      subject: subject!,
      body: html!,
      emailType: template?.type ?? 'TRANSACTIONAL',
      templateId: template?.id ?? null,
      templateVersion: template?.version ?? null,
      from: from!,
      replyTo,
      headers: { ...(body.headers ?? {}) },
      attachments,
      sourceType: 'TRANSACTIONAL',
      sourceId: null,
    },
  };
}
