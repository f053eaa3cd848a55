/** The team emails: an invitation (with its accept link on BASE_URL) and a note to a user added at once. */
import { sendSystemEmail } from '../../auth/system-mail.ts';
import type { Role } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { escapeHtml } from '../../mail/render/html.ts';

type MailDeps = Parameters<typeof sendSystemEmail>[0] & Pick<Deps, 'config'>;

/** The dashboard page that accepts an invitation (it posts the token to POST /invites/accept). */
export function inviteUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/invite?token=${encodeURIComponent(token)}`;
}

function mail(lines: string[], link: { label: string; url: string }) {
  const html =
    lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`;
  const text = `${lines.join('\n\n')}\n\n${link.label}: ${link.url}\n`;
  return { html, text };
}

export async function sendInviteMail(
  deps: MailDeps,
  input: { to: string; projectName: string; inviter: string; role: Role; token: string; expiresAt: Date },
) {
  const { html, text } = mail(
    [
      `${input.inviter} invited you to the Mailwright project "${input.projectName}" as ${input.role}.`,
      `Sign in (or create an account) with this email address, ${input.to}, then accept. The link works once, until ${input.expiresAt.toISOString()}.`,
      'If you did not expect this, ignore this email.',
    ],
    { label: 'Accept the invitation', url: inviteUrl(deps.config.baseUrl, input.token) },
  );
  return sendSystemEmail(deps, {
    to: input.to,
    subject: `You are invited to ${input.projectName} on Mailwright`,
    html,
    text,
  });
}

export async function sendAddedMail(
  deps: MailDeps,
  input: { to: string; projectName: string; inviter: string; role: Role },
) {
  const { html, text } = mail(
    [`${input.inviter} added you to the Mailwright project "${input.projectName}" as ${input.role}.`],
    { label: 'Open Mailwright', url: deps.config.baseUrl },
  );
  return sendSystemEmail(deps, {
    to: input.to,
    subject: `You were added to ${input.projectName} on Mailwright`,
    html,
    text,
  });
}
