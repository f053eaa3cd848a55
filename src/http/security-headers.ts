/**
 * Security headers on every response, written here rather than with a plugin (a handful of fixed
 * headers). The CSP fits both JSON answers and the /docs Swagger UI page: scripts and styles from
 * this origin only (Swagger UI sets inline style attributes, hence 'unsafe-inline' for styles),
 * images also as data: URIs, and no framing by anyone.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers for a server whose public address is `baseUrl`; HSTS only when that is https. */
export function securityHeaders(baseUrl: string): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'content-security-policy': CSP,
    ...(baseUrl.startsWith('https://') ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** Sets the headers on a reply, leaving any a route chose itself. */
export function applySecurityHeaders(reply: FastifyReply, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) if (!reply.hasHeader(name)) reply.header(name, value);
}

/** Adds the headers to every response of the app. */
export function installSecurityHeaders(app: FastifyInstance, baseUrl: string): void {
  const headers = securityHeaders(baseUrl);
  app.addHook('onSend', async (_req, reply, payload) => {
    applySecurityHeaders(reply, headers);
    return payload;
  });
}
