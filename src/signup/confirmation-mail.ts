/**
 * The confirmation email of a double opt-in: the project's confirmation template, or the built-in
 * text in the contact's language, rendered like any project mail (composeEmail) with `confirmUrl`
 * and `projectName` available. It is TRANSACTIONAL whatever the template's type (it must reach a
 * contact who is not subscribed yet) and carries no tracking, so the link in it is the link we signed.
 */
import type { ContactView } from '../contacts/contacts.schemas.ts';
import type { Deps } from '../deps.ts';
import type { EmailToSend } from '../emails/enqueue.ts';
import { escapeHtml } from '../mail/render/html.ts';
import type { SignupProject } from '../projects/projects.service.ts';
import { type Locale, resolveLocale } from '../public-pages/strings.ts';
import { composeEmail, type PreparedMessage } from '../sending/compose.ts';
import type { TemplateRow } from '../templates/templates.service.ts';
import { confirmUrl } from './confirm-link.ts';
import { SIGNUP_STRINGS } from './strings.ts';

/** What every confirmation of one project shares: its sender and, when it has a usable one, its template. */
export interface ConfirmationSender {
  project: SignupProject & { signupFrom: string };
  template?: TemplateRow;
}

/** The built-in subject and body (Liquid) in `locale`; the project's name and the link are variables. */
export function builtInConfirmation(locale: Locale): { subject: string; body: string } {
  const s = SIGNUP_STRINGS[locale];
  const text = (t: string) => escapeHtml(t).replace('{project}', '{{ projectName }}');
  return {
    subject: s.mailSubject.replace('{project}', '{{ projectName }}'),
    body: [
      `<p>${text(s.mailIntro)}</p>`,
      `<p><a href="{{ confirmUrl }}">${escapeHtml(s.mailButton)}</a></p>`,
      `<p>${text(s.mailIgnore)}</p>`,
    ].join('\n'),
  };
}

function messageFor(sender: ConfirmationSender, locale: Locale, pendingId: string): PreparedMessage {
  const { project, template } = sender;
  const content = template ? { subject: template.subject, body: template.body } : builtInConfirmation(locale);
  return {
    ...content,
    emailType: 'TRANSACTIONAL',
    templateId: template?.id ?? null,
    templateVersion: template?.version ?? null,
    from: { email: project.signupFrom, name: template?.fromName ?? undefined },
    replyTo: template?.replyTo ?? undefined,
    // RFC 3834: auto-responders should not answer a confirmation request.
    headers: { 'Auto-Submitted': 'auto-generated' },
    attachments: [],
    // The data-rights feature lets exactly these rows reach an erased address (it may sign up again).
    sourceType: 'TRANSACTIONAL',
    sourceId: pendingId,
  };
}

/** The outbox row of one confirmation email to `contact` for the pending confirmation `pendingId`. */
export async function composeConfirmation(
  deps: Pick<Deps, 'config' | 'secrets'>,
  sender: ConfirmationSender,
  contact: ContactView,
  pendingId: string,
  emailId: string,
): Promise<EmailToSend> {
  const { project } = sender;
  const own = contact.data.locale;
  const locale = resolveLocale(typeof own === 'string' ? own : project.defaultLocale);
  const url = confirmUrl(deps.config.baseUrl, deps.secrets.signingSecret, { p: project.id, i: pendingId });
  const msg = messageFor(sender, locale, pendingId);
  return composeEmail(
    deps,
    msg,
    { projectId: project.id, contact, extraVars: { confirmUrl: url, projectName: project.name } },
    { tracking: 'DISABLED', defaultLocale: project.defaultLocale ?? undefined },
    emailId,
  );
}
