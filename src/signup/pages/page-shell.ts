/**
 * The frame of the sign-up pages (/confirm, /join): a small self-contained document like the
 * subscription pages' (public-pages/pages.ts, whose escaping it uses), with form controls styled,
 * sent with the same strict policy: no script, nothing loaded, forms posting to this origin only.
 */
import type { FastifyReply } from 'fastify';
import { escapeHtml, maskEmail } from '../../public-pages/pages.ts';
import type { Locale } from '../../public-pages/strings.ts';

/** The subscription pages' policy (public-pages.routes.ts): these pages load nothing and run nothing. */
export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const STYLE = [
  'body{margin:0;background:#f4f4f5;color:#18181b;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}',
  'main{max-width:28rem;margin:8vh auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12)}',
  'h1{font-size:1.4rem;margin:0 0 1rem}',
  'p{margin:0 0 1rem}',
  '.muted{color:#52525b;font-size:.9rem}',
  'label{display:block;margin:0 0 .25rem;font-weight:600}',
  '.field{margin:0 0 1rem}',
  '.check label{display:inline;font-weight:400;margin-left:.4rem}',
  'input[type=email],input[type=text],input[type=number]{box-sizing:border-box;width:100%;font:inherit;padding:.5rem;border:1px solid #a1a1aa;border-radius:6px}',
  'fieldset{border:0;margin:0 0 1rem;padding:0}',
  'legend{font-weight:600;margin:0 0 .25rem;padding:0}',
  '.error{color:#b91c1c;font-size:.9rem;margin:.25rem 0 0}',
  '.hp{position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden}',
  'button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:8px;background:#18181b;color:#fff;cursor:pointer}',
  'button:focus-visible,input:focus-visible{outline:3px solid #2563eb;outline-offset:2px}',
].join('');

/** A whole page; `body` is HTML built from escaped parts. */
export function page(locale: Locale, title: string, body: string): string {
  return [
    '<!doctype html>',
    `<html lang="${locale}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    `<main>${body}</main>`,
    '</body>',
    '</html>',
  ].join('\n');
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

/** Sends a page: HTML, the strict policy, and no caching (the URL may carry a credential, the page a state). */
export function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    .header('cache-control', 'no-store')
    .send(html);
}
