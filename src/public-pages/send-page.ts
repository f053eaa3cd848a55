/** How every public HTML page (subscription pages, sign-up pages) is sent. */
import type { FastifyReply } from 'fastify';

/**
 * Stricter than the app-wide CSP (which also serves Swagger UI): these pages load nothing, run no
 * script, and only post their own forms back to this origin.
 */
export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** Sends a page: HTML, the strict policy, and no caching (the URL may carry a credential, the page a state). */
export function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    .header('cache-control', 'no-store')
    .send(html);
}
