/** Starts a server-side session and sets its cookie on the reply (password login, sign-up, OAuth). */
import type { FastifyReply } from 'fastify';
import type { Deps } from '../deps.ts';
import { startSession } from './session.service.ts';
import { SESSION_COOKIE, sessionCookieOptions } from './sessions.ts';

// Returns nothing on purpose: a FastifyReply is thenable, and awaiting one waits for the send.
export async function setSessionCookie(
  deps: Pick<Deps, 'db' | 'clock' | 'secrets' | 'config'>,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  const token = await startSession(deps, userId);
  reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(deps.config.baseUrl));
}
