/**
 * The page a refused single sign-on lands on: the subscription pages' self-contained document
 * (inline CSS, no script, nothing loaded), the reason in words, and a way back to the sign-in page.
 * A pure function of its input; every piece of text is escaped.
 */
import { escapeHtml, htmlDocument } from '../../public-pages/pages.ts';

const STYLE =
  'a.button{display:inline-block;padding:.6rem 1.2rem;border-radius:8px;background:#18181b;color:#fff;text-decoration:none}';

export function oidcErrorPage(baseUrl: string, status: number, message: string): string {
  const title = status === 503 ? 'Single sign-on is unavailable' : 'Sign-in failed';
  const body = [
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(message)}</p>`,
    `<p><a class="button" href="${escapeHtml(`${baseUrl}/login`)}">Back to sign in</a></p>`,
  ].join('\n');
  return htmlDocument('en', title, body, STYLE);
}
