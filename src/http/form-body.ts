/**
 * `application/x-www-form-urlencoded` bodies, for the one route scope that serves HTML forms and
 * RFC 8058 one-click posts (public-pages). The app as a whole parses JSON only (input-guard.ts); like
 * multipart for uploads, this parser is added inside an encapsulated plugin, so every other route
 * still answers 415 to a form body.
 */
import type { FastifyInstance } from 'fastify';
import { invalidFields } from '../errors.ts';
import { findInputProblem, type ShapeLimits } from './input-guard.ts';

/** Our forms carry a button and mail clients one `List-Unsubscribe=One-Click` pair; nothing needs more. */
export const FORM_BODY_LIMIT = 4 * 1024;

/**
 * Adds the form parsers to `scope` (which must be an encapsulated plugin, not the root). URL-encoded
 * values are checked like JSON bodies (storable strings, key count), so the edge rules hold for forms
 * too. RFC 8058 says one-click posts SHOULD be multipart/form-data: those are taken, size-capped, and
 * not parsed (the body is `{}`), since nothing in such a scope reads a field of them.
 */
export function acceptFormBodies(scope: FastifyInstance, limits: ShapeLimits, bodyLimit = FORM_BODY_LIMIT): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_req, body, done) => {
      // Object.fromEntries defines own properties, so a `__proto__` key is a plain key, not a prototype.
      const value = Object.fromEntries(new URLSearchParams(body as string));
      const problem = findInputProblem(value, limits);
      if (problem) return done(invalidFields([problem]), undefined);
      done(null, value);
    },
  );
  scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit }, (_req, _body, done) =>
    done(null, {}),
  );
}
