/**
 * Request ids: echo the caller's X-Request-Id when it is sane, else a new one. Ours are a random
 * per-process prefix plus a counter: unique across processes and restarts, and cheaper than a UUID
 * on every request.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const SANE = /^[A-Za-z0-9._:-]{1,128}$/;
const PREFIX = `req-${randomBytes(6).toString('hex')}-`;
let counter = 0;

export function genRequestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && SANE.test(given)) return given;
  counter += 1;
  return PREFIX + counter.toString(36);
}
