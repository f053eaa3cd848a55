/** The /confirm pages: the question a GET asks (link scanners follow GETs), the outcome, the dead link. */
import { escapeHtml } from '../../public-pages/pages.ts';
import type { Locale } from '../../public-pages/strings.ts';
import type { ConfirmationPage } from '../confirmations.service.ts';
import { SIGNUP_STRINGS } from '../strings.ts';
import { page, say, simplePage } from './page-shell.ts';

/** GET /confirm/:token of an unconfirmed link: one button that posts back to the same link. */
export function confirmAskPage(c: ConfirmationPage): string {
  const s = SIGNUP_STRINGS[c.locale];
  const action = escapeHtml(`/confirm/${encodeURIComponent(c.token)}`);
  return page(
    c.locale,
    s.confirmTitle,
    [
      `<h1>${escapeHtml(s.confirmTitle)}</h1>`,
      `<p>${say(s.confirmQuestion, { email: c.email, project: c.projectName })}</p>`,
      `<form method="post" action="${action}"><button type="submit">${escapeHtml(s.confirmButton)}</button></form>`,
    ].join('\n'),
  );
}

/** After POST /confirm/:token, and a GET of a link already confirmed. */
export function confirmedPage(c: ConfirmationPage): string {
  const s = SIGNUP_STRINGS[c.locale];
  return simplePage(c.locale, s.confirmedTitle, [say(s.confirmedBody, { email: c.email, project: c.projectName })]);
}

/** An altered, unknown or expired confirmation link (404). */
export function invalidConfirmPage(locale: Locale): string {
  const s = SIGNUP_STRINGS[locale];
  return simplePage(locale, s.invalidTitle, [escapeHtml(s.invalidBody)]);
}
