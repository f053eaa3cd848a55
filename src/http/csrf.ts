/**
 * Cross-site request forgery guard for requests authenticated by the session cookie. SameSite=Lax
 * already keeps the cookie off cross-site subrequests; this adds an origin check, so a sibling
 * subdomain, an old browser or a Lax top-level POST cannot act for a signed-in user.
 *
 * A state-changing request (POST, PUT, PATCH, DELETE) passes when, in this order:
 *   1. it carries Origin: it must equal BASE_URL's origin (anything else, `null` included, is refused);
 *   2. else it carries Sec-Fetch-Site: it must be `same-origin` or `none` (typed into the browser);
 *   3. else it carries X-Requested-With or X-Project-Id: custom headers make a browser send a CORS
 *      preflight first, and this server never grants one, so a page elsewhere cannot send them.
 * Requests with a bearer key never reach this check (no ambient credential to forge).
 */
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../errors.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' ? v : Array.isArray(v) ? v[0] : undefined;
}

function originOf(baseUrl: string): string {
  return new URL(baseUrl).origin;
}

const refused = () =>
  forbidden(
    'Cross-site request refused: a signed-in request that changes something must come from this site ' +
      '(matching Origin, Sec-Fetch-Site same-origin, or an X-Requested-With header).',
  );

/** Throws 403 FORBIDDEN when a cookie-authenticated, state-changing request may come from another site. */
export function assertSameSiteRequest(req: FastifyRequest, baseUrl: string): void {
  if (!STATE_CHANGING.has(req.method)) return;
  const origin = header(req, 'origin');
  if (origin !== undefined) {
    if (origin === originOf(baseUrl)) return;
    throw refused();
  }
  const site = header(req, 'sec-fetch-site');
  if (site !== undefined) {
    if (site === 'same-origin' || site === 'none') return;
    throw refused();
  }
  if (header(req, 'x-requested-with') !== undefined || header(req, 'x-project-id') !== undefined) return;
  throw refused();
}

/**
 * Login CSRF guard for sign-in and sign-up (no session yet, so rule 3 cannot apply): refuses only a
 * request whose browser says it comes from elsewhere (a foreign Origin, or Sec-Fetch-Site cross-site
 * or same-site); API clients without those headers are unaffected.
 */
export function assertNotCrossSite(req: FastifyRequest, baseUrl: string): void {
  const origin = header(req, 'origin');
  if (origin !== undefined && origin !== originOf(baseUrl)) throw refused();
  const site = header(req, 'sec-fetch-site');
  if (origin === undefined && (site === 'cross-site' || site === 'same-site')) throw refused();
}
