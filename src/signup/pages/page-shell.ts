/**
 * The frame of the sign-up pages (/confirm, /join): a small self-contained document like the
 * subscription pages' (public-pages/pages.ts, whose escaping it uses), with form controls styled,
 * sent with the same strict policy: no script, nothing loaded, forms posting to this origin only.
 */
import { escapeHtml, htmlDocument, maskEmail } from '../../public-pages/pages.ts';
import { sendHtml } from '../../public-pages/send-page.ts';
import type { Locale } from '../../public-pages/strings.ts';

/** What the forms add to the subscription pages' style. */
const FORM_STYLE = [
  'label{display:block;margin:0 0 .25rem;font-weight:600}',
  '.field{margin:0 0 1rem}',
  '.check label{display:inline;font-weight:400;margin-left:.4rem}',
  'input[type=email],input[type=text],input[type=number]{box-sizing:border-box;width:100%;font:inherit;padding:.5rem;border:1px solid #a1a1aa;border-radius:6px}',
  'fieldset{border:0;margin:0 0 1rem;padding:0}',
  'legend{font-weight:600;margin:0 0 .25rem;padding:0}',
  '.error{color:#b91c1c;font-size:.9rem;margin:.25rem 0 0}',
  '.hp{position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden}',
  'input:focus-visible{outline:3px solid #2563eb;outline-offset:2px}',
].join('');

/** A whole page; `body` is HTML built from escaped parts. */
export function page(locale: Locale, title: string, body: string): string {
  return htmlDocument(locale, title, body, FORM_STYLE);
}

/**
 * A string with `{email}` (masked: a link may be forwarded) and `{project}` filled in; all of it
 * escaped here, so neither can carry markup. Function replacers: a `$` in a value is no pattern.
 */
export function say(template: string, values: { email?: string; project?: string }): string {
  return escapeHtml(template)
    .replace('{email}', () => `<strong>${escapeHtml(maskEmail(values.email ?? ''))}</strong>`)
    .replace('{project}', () => escapeHtml(values.project ?? ''));
}

/** A heading and paragraphs of already-escaped HTML. */
export function simplePage(locale: Locale, title: string, paragraphs: string[]): string {
  return page(locale, title, [`<h1>${escapeHtml(title)}</h1>`, ...paragraphs.map((p) => `<p>${p}</p>`)].join('\n'));
}

export { sendHtml };
