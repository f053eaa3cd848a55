/**
 * Machine-readable mail reports: delivery status notifications (RFC 3464, multipart/report;
 * report-type=delivery-status) and abuse feedback (ARF, RFC 5965, report-type=feedback-report),
 * read from a message parsed by mailparser with `keepDeliveryStatus` (report parts arrive as
 * attachments). I/O-free.
 */
import type { ParsedMail } from 'mailparser';

export interface MailReport {
  kind: 'bounce' | 'complaint';
  bounceType?: 'hard' | 'soft';
  recipient?: string;
  detail?: string;
  /** Identifiers quoted from the original message (message/rfc822 or text/rfc822-headers part). */
  original: { emailId?: string; messageId?: string };
}

/**
 * The report the message carries: undefined when it is not a DSN or ARF report at all, null when it
 * is one with nothing to act on (a delivered/relayed DSN, a not-spam feedback).
 */
export function reportOf(mail: ParsedMail): MailReport | null | undefined {
  const ct = mail.headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  if (ct?.value?.toLowerCase() !== 'multipart/report') return undefined;
  const reportType = ct.params?.['report-type']?.toLowerCase();
  const part = (...types: string[]) => mail.attachments.find((a) => types.includes(a.contentType.toLowerCase()));
  const originalPart = part('message/rfc822', 'text/rfc822-headers', 'message/rfc822-headers');
  const original = originalPart ? originalIds(originalPart.content.toString('utf8')) : {};
  if (reportType === 'delivery-status') {
    const status = part('message/delivery-status', 'message/global-delivery-status');
    return status ? dsnReport(status.content.toString('utf8'), original) : null;
  }
  if (reportType === 'feedback-report') {
    const feedback = part('message/feedback-report');
    const fields = feedback ? fieldBlocks(feedback.content.toString('utf8'))[0] : undefined;
    const type = fields?.get('feedback-type')?.toLowerCase() ?? 'abuse';
    if (type === 'not-spam') return null;
    return { kind: 'complaint', recipient: address(fields?.get('original-rcpt-to')), detail: type, original };
  }
  return undefined;
}

/** The most severe per-recipient outcome of a DSN: a permanent failure over a delay or a temporary one. */
function dsnReport(text: string, original: MailReport['original']): MailReport | null {
  let worst: MailReport | null = null;
  for (const fields of fieldBlocks(text).slice(1)) {
    const action = fields.get('action')?.toLowerCase();
    const status = fields.get('status') ?? '';
    const hard = action === 'failed' && status.startsWith('5');
    const soft = action === 'delayed' || (action === 'failed' && status.startsWith('4'));
    if (!hard && !soft) continue;
    const report: MailReport = {
      kind: 'bounce',
      bounceType: hard ? 'hard' : 'soft',
      recipient: address(fields.get('final-recipient') ?? fields.get('original-recipient')),
      detail: fields.get('diagnostic-code') ?? `${action} ${status}`.trim(),
      original,
    };
    if (hard) return report;
    worst ??= report;
  }
  return worst;
}

/** Our X-Mailwright-Email-Id and Message-ID among the original message's header fields. */
function originalIds(text: string): MailReport['original'] {
  const headers = fieldBlocks(text)[0];
  return {
    emailId: headers?.get('x-mailwright-email-id')?.trim(),
    messageId: headers?.get('message-id')?.trim().replace(/^<|>$/g, ''),
  };
}

/** The address of a `rfc822; user@host` typed field. */
function address(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const at = value.indexOf(';');
  return (at >= 0 ? value.slice(at + 1) : value).trim().replace(/^<|>$/g, '') || undefined;
}

/**
 * Header-style field blocks separated by blank lines (RFC 3464's per-message and per-recipient
 * groups); names lower-cased, folded lines unfolded, the first occurrence of a name kept.
 */
export function fieldBlocks(text: string): Map<string, string>[] {
  const blocks: Map<string, string>[] = [];
  let current: Map<string, string> | undefined;
  let last: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') {
      current = undefined;
      last = undefined;
      continue;
    }
    if (/^[ \t]/.test(line) && current && last) {
      current.set(last, `${current.get(last)} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    if (!current) {
      current = new Map();
      blocks.push(current);
    }
    const name = line.slice(0, colon).trim().toLowerCase();
    last = current.has(name) ? undefined : name;
    if (last) current.set(name, line.slice(colon + 1).trim());
  }
  return blocks;
}
