/** The account emails (verification, password reset): content with links on BASE_URL, sent as system mail. */
import type { Deps } from '../deps.ts';
import { linkMail, sendSystemEmail } from './system-mail.ts';

type MailDeps = Parameters<typeof sendSystemEmail>[0];

function verifyEmailUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/verify-email?token=${encodeURIComponent(token)}`;
}

function resetPasswordUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

export async function sendVerificationMail(deps: MailDeps & Pick<Deps, 'config'>, to: string, token: string) {
  const { html, text } = linkMail(
    ['Please confirm your email address for Mailwright.'],
    { label: 'Verify email address', url: verifyEmailUrl(deps.config.baseUrl, token) },
    ['The link works for 48 hours. If you did not create an account, ignore this email.'],
  );
  return sendSystemEmail(deps, { to, subject: 'Verify your email address', html, text });
}

export async function sendPasswordResetMail(deps: MailDeps & Pick<Deps, 'config'>, to: string, token: string) {
  const { html, text } = linkMail(
    ['Someone (hopefully you) asked to reset the password of your Mailwright account.'],
    { label: 'Choose a new password', url: resetPasswordUrl(deps.config.baseUrl, token) },
    [
      'The link works for one hour and only once. If you did not ask for this, ignore this email; your password stays as it is.',
    ],
  );
  return sendSystemEmail(deps, { to, subject: 'Reset your password', html, text });
}
