/**
 * Shared pieces of the HTTP integration tests: probe routes behind our real auth hooks (no product
 * route uses requireProject yet) and the one assertion every error response must pass.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Deps } from '../../src/deps.ts';
import { requireProject } from '../../src/http/auth.ts';

/**
 * GET /probe needs a secret key or a session with X-Project-Id; POST /probe-track also takes a
 * public key, like POST /v1/track will. Both answer who the caller was resolved to.
 */
export async function probeRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const whoami = async (req: { auth?: { projectId: string; via: string } }) => ({
    projectId: req.auth!.projectId,
    via: req.auth!.via,
  });
  app.get('/probe', { onRequest: requireProject(deps) }, whoami);
  app.post(
    '/probe-track',
    // A stand-in for /v1/track: data plane, so not audited (src/audit/audited-routes.ts).
    { onRequest: requireProject(deps, { allowPublic: true }), config: { audit: { skip: 'data plane' } } },
    whoami,
  );
}

const ERROR_FIELDS = ['code', 'message', 'statusCode', 'requestId', 'errors', 'suggestion'];

/**
 * Asserts the error envelope of decisions.md: status and code as given, requestId equal to the
 * x-request-id header, an ISO timestamp, no field beyond the documented ones, and never
 * INTERNAL_SERVER_ERROR on a 4xx. Returns `error` for further checks.
 */
export function expectError(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const error = expectEnvelope(res);
  expect(error.code).toBe(code);
  return error;
}

/**
 * Asserts that an error response of any status is the envelope: its statusCode, the x-request-id
 * header as requestId, an ISO timestamp, no field beyond the documented ones, and never
 * INTERNAL_SERVER_ERROR on a 4xx. Returns `error`.
 */
export function expectEnvelope(res: LightMyRequestResponse) {
  const status = res.statusCode;
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(['error', 'success', 'timestamp']);
  expect(body.success).toBe(false);
  expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
  const error = body.error;
  expect(error).toMatchObject({ statusCode: status, requestId: res.headers['x-request-id'] });
  expect(typeof error.code).toBe('string');
  expect(typeof error.message).toBe('string');
  expect(error.message.length).toBeGreaterThan(0);
  expect(ERROR_FIELDS).toEqual(expect.arrayContaining(Object.keys(error)));
  if (status < 500) expect(error.code).not.toBe('INTERNAL_SERVER_ERROR');
  return error as { code: string; message: string; requestId: string; errors?: unknown[]; suggestion?: string };
}

/** The value of the `session` cookie a response sets, if any. */
export function sessionCookieOf(res: LightMyRequestResponse): string | undefined {
  const c = res.cookies.find((cookie) => cookie.name === 'session');
  return c ? `session=${c.value}` : undefined;
}

/** The field names of an error envelope's `errors` (none: empty). */
export const fieldNames = (error: { errors?: unknown[] }) =>
  ((error.errors ?? []) as { field: string }[]).map((e) => e.field);
