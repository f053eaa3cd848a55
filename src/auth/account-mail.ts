/** The account emails (verification, password reset): content with links on BASE_URL, sent as system mail. */
import type { Deps } from '../deps.ts';
import { escapeHtml } from '../mail/render/html.ts';
import { sendSystemEmail } from './system-mail.ts';

type MailDeps = Parameters<typeof sendSystemEmail>[0];

function linkMail(intro: string, action: string, url: string, outro: string) {
  const html =
    `<p>${escapeHtml(intro)}</p>` +
    `<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>` +
    `<p>${escapeHtml(outro)}</p>`;
  const text = `${intro}\n\n${action}: ${url}\n\n${outro}\n`;
  return { html, text };
}

function verifyEmailUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/verify-email?token=${encodeURIComponent(token)}`;
}

function resetPasswordUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

export async function sendVerificationMail(deps: MailDeps & Pick<Deps, 'config'>, to: string, token: string) {
  const { html, text } = linkMail(
    'Please confirm your email address for Mailwright.',
    'Verify email address',
    verifyEmailUrl(deps.config.baseUrl, token),
    'The link works for 48 hours. If you did not create an account, ignore this email.',
  );
  return sendSystemEmail(deps, { to, subject: 'Verify your email address', html, text });
}

export async function sendPasswordResetMail(deps: MailDeps & Pick<Deps, 'config'>, to: string, token: string) {
  const { html, text } = linkMail(
    'Someone (hopefully you) asked to reset the password of your Mailwright account.',
    'Choose a new password',
    resetPasswordUrl(deps.config.baseUrl, token),
    'The link works for one hour and only once. If you did not ask for this, ignore this email; your password stays as it is.',
  );
  return sendSystemEmail(deps, { to, subject: 'Reset your password', html, text });
}
