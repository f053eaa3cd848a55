/** The team emails: an invitation (with its accept link on BASE_URL) and a note to a user added at once. */
import { linkMail, sendSystemEmail } from '../../auth/system-mail.ts';
import type { Role } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';

type MailDeps = Parameters<typeof sendSystemEmail>[0] & Pick<Deps, 'config'>;

/** The dashboard page that accepts an invitation (it posts the token to POST /invites/accept). */
export function inviteUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/invite?token=${encodeURIComponent(token)}`;
}

export async function sendInviteMail(
  deps: MailDeps,
  input: { to: string; projectName: string; inviter: string; role: Role; token: string; expiresAt: Date },
) {
  const { html, text } = linkMail(
    [
      `${input.inviter} invited you to the Mailwright project "${input.projectName}" as ${input.role}.`,
      `Sign in (or create an account) with this email address, ${input.to}, then accept. The link works once, until ${input.expiresAt.toISOString()}.`,
    ],
    { label: 'Accept the invitation', url: inviteUrl(deps.config.baseUrl, input.token) },
    ['If you did not expect this, ignore this email.'],
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
  const { html, text } = linkMail(
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
