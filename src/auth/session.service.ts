/**
 * Starting, checking and ending server-side sessions. Every cookie-authenticated request reads its
 * session row (one primary-key lookup, replacing the user lookup it did before), so a revocation is
 * effective at once in every process: there is no cache to expire.
 */
import type { Deps } from '../deps.ts';
import { newId } from '../lib/ids.ts';
import * as repo from './sessions.repo.ts';
import { SESSION_TTL_SECONDS, type SessionClaims, signSession, verifySession } from './sessions.ts';

type SessionDeps = Pick<Deps, 'db' | 'clock' | 'secrets'>;

/** Creates a session row for the user and returns the signed cookie value. */
export async function startSession(deps: SessionDeps, userId: string): Promise<string> {
  const now = deps.clock.now();
  const sessionId = newId();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_SECONDS * 1000);
  await repo.insertSession(deps.db, { id: sessionId, userId, createdAt: now, expiresAt });
  return signSession(deps.secrets.jwtSecret, { userId, sessionId }, now);
}

/** The live session behind a cookie value, or undefined (bad signature, expired, revoked, user gone). */
export async function resolveSession(deps: SessionDeps, token: string): Promise<SessionClaims | undefined> {
  const now = deps.clock.now();
  const claims = await verifySession(deps.secrets.jwtSecret, token, now);
  if (!claims) return undefined;
  const userId = await repo.findLiveSessionUserId(deps.db, claims.sessionId, claims.userId, now);
  return userId ? claims : undefined;
}

/** Ends one session (logout); a cookie that names no live session is ignored. */
export async function endSession(deps: SessionDeps, token: string): Promise<void> {
  const claims = await verifySession(deps.secrets.jwtSecret, token, deps.clock.now());
  if (claims) await repo.revokeSession(deps.db, claims.sessionId, deps.clock.now());
}

/** Ends every session of a user, except `keep` (the caller's own) when given. */
export async function endUserSessions(deps: Pick<Deps, 'db' | 'clock'>, userId: string, keep?: string) {
  await repo.revokeUserSessions(deps.db, userId, deps.clock.now(), keep);
}
