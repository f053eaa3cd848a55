/**
 * Platform mail (email verification, password reset, team invitations) through our own sending
 * pipeline: one outbox row in `emails`, delivered by the normal delivery worker, so it reaches the
 * configured transport (SMTP, SES, or the capture outbox) with retries and bounce handling.
 *
 * Why a reserved system project: `emails.project_id` is NOT NULL with a foreign key, and giving
 * account mail the project of whoever triggered it would be wrong (a password reset has no project;
 * an invitation would count against the inviter's billing and could be blocked by that project's
 * suspension). So platform mail belongs to one reserved project row (SYSTEM_PROJECT_ID, created
 * lazily and idempotently here) with no members and unusable keys. The row is written directly,
 * not through /v1/send's prepareSend/composeEmail, which bypasses what makes no sense for it:
 * the verified-domain check on the sender (SYSTEM_EMAIL_FROM is operator config), contact upserts,
 * billing limits and suspension checks (enforced at send time for customer projects), and open/click
 * tracking (a reset link must not be rewritten). Billing and analytics code can tell these rows apart
 * with isSystemProject().
 */
import type { Deps } from '../deps.ts';
import { enqueue } from '../emails/enqueue.ts';
import { newId } from '../lib/ids.ts';
import { escapeHtml } from '../mail/render/html.ts';
import { htmlToPlainText } from '../mail/render/text.ts';
import { ensureSystemProject, SYSTEM_PROJECT_ID } from './system-project.repo.ts';

export { SYSTEM_PROJECT_ID };

export function isSystemProject(projectId: string): boolean {
  return projectId === SYSTEM_PROJECT_ID;
}

/** Paragraphs of plain text around one link, as escaped HTML and as text: the body of every account email. */
export function linkMail(before: string[], link: { label: string; url: string }, after: string[] = []) {
  const paragraphs = (lines: string[]) => lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
  const html =
    paragraphs(before) + `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` + paragraphs(after);
  const text = [...before, `${link.label}: ${link.url}`, ...after].join('\n\n') + '\n';
  return { html, text };
}

export interface SystemEmailInput {
  to: string;
  subject: string;
  html: string;
  text?: string;
}

/**
 * Queues one account email from the system sender and wakes the delivery worker; returns the email
 * id. The caller builds the content (escape anything user-given in `html`).
 */
export async function sendSystemEmail(
  deps: Pick<Deps, 'db' | 'dialect' | 'clock' | 'config' | 'deliveryWaker'>,
  input: SystemEmailInput,
): Promise<string> {
  await ensureSystemProject(deps.db, deps.clock.now());
  const id = newId();
  const from = deps.config.systemEmail;
  await enqueue(deps, deps.db, [
    {
      id,
      projectId: SYSTEM_PROJECT_ID,
      contactId: null,
      templateId: null,
      templateVersion: null,
      sourceType: 'TRANSACTIONAL',
      sourceId: null,
      emailType: 'TRANSACTIONAL',
      toEmail: input.to.trim().toLowerCase(),
      toName: null,
      fromEmail: from.from,
      fromName: from.name,
      replyTo: null,
      // A subject must stay one header line.
      subject: input.subject.replace(/[\r\n]+/g, ' ').slice(0, 998),
      html: input.html,
      text: input.text ?? htmlToPlainText(input.html),
      // RFC 3834: tells auto-responders not to answer account mail.
      headers: { 'Auto-Submitted': 'auto-generated' },
      attachments: [],
    },
  ]);
  return id;
}
