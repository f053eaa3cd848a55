/** Request ids: echo the caller's X-Request-Id when it is sane, else a new UUIDv7. */
import type { IncomingMessage } from 'node:http';
import { newId } from '../lib/ids.ts';

const SANE = /^[A-Za-z0-9._:-]{1,128}$/;

export function genRequestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SANE.test(given) ? given : newId();
}
