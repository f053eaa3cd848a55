/**
 * Authentication hooks. API clients send `Authorization: Bearer sk_…` (or pk_… on /v1/track);
 * dashboard users send the session cookie, plus `X-Project-Id` for project resources.
 */
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { resolveSession } from '../auth/session.service.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { toBool } from '../db/codecs.ts';
import type { Role } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { AppError, forbidden, notFound, tooManyRequests, unauthorized } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import { type Permission, requirePermission, routePermission } from '../projects/permissions.ts';
import { authenticateApiKey, getMemberProject } from '../projects/projects.service.ts';
import { assertSameSiteRequest } from './csrf.ts';

export interface ProjectAuth {
  projectId: string;
  via: 'secret' | 'public' | 'session';
  userId?: string;
  /** The signed-in member's role (session requests only; a key is not role-limited). */
  role?: Role;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: ProjectAuth;
    userId?: string;
    /** The server-side session of a cookie-authenticated request. */
    sessionId?: string;
  }
}

function bearer(req: FastifyRequest): string | undefined | null {
  const header = req.headers.authorization;
  if (header === undefined) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1]! : null;
}

/**
 * The user of a live session cookie (revoked, expired or forged: none), after the CSRF check: a
 * state-changing request authenticated by the cookie must come from this site (http/csrf.ts).
 */
async function sessionUser(
  deps: Pick<Deps, 'db' | 'secrets' | 'clock' | 'config'>,
  req: FastifyRequest,
): Promise<string | undefined> {
  const token = req.cookies?.[SESSION_COOKIE];
  const session = token ? await resolveSession(deps, token) : undefined;
  if (!session) return undefined;
  assertSameSiteRequest(req, deps.config.baseUrl);
  req.sessionId = session.sessionId;
  return session.userId;
}

type KeyDeps = Pick<Deps, 'db' | 'keyCache' | 'apiKeyFailures' | 'config'>;

/**
 * Resolves a bearer key. Invalid keys are counted per client IP; past API_KEY_FAILURES_PER_MINUTE
 * the answer to another invalid one is 429 instead of 401. Valid keys are never counted or slowed.
 */
async function authenticateBearer(deps: KeyDeps, req: FastifyRequest, token: string, allowPublic: boolean) {
  try {
    return await authenticateApiKey(deps, token, allowPublic);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'INVALID_API_KEY') throw err;
    const now = Date.now();
    const hit = await deps.apiKeyFailures.hit(`key-failures:${req.ip}`, now);
    if (hit.count > deps.config.apiKeyFailuresPerMinute) {
      throw tooManyRequests(
        'Too many invalid API keys from this address. Try again later.',
        (hit.resetAt - now) / 1000,
      );
    }
    throw err;
  }
}

/** Requires a project: a secret key (or a public key where `allowPublic`), or a session with X-Project-Id. */
export function requireProject(
  deps: Pick<Deps, 'db' | 'secrets' | 'keyCache' | 'apiKeyFailures' | 'config' | 'clock'>,
  opts: { allowPublic?: boolean } = {},
): onRequestHookHandler {
  return async function projectAuth(req: FastifyRequest, _reply: FastifyReply) {
    const token = bearer(req);
    if (token === null) throw unauthorized('MISSING_AUTH', 'Authorization header must be "Bearer <API key>".');
    if (token !== undefined) {
      req.auth = await authenticateBearer(deps, req, token, opts.allowPublic === true);
      return;
    }
    const userId = await sessionUser(deps, req);
    if (!userId) throw unauthorized('MISSING_AUTH', 'Send "Authorization: Bearer <secret key>" or sign in.');
    const projectId = req.headers['x-project-id'];
    if (typeof projectId !== 'string' || projectId === '') {
      throw unauthorized('MISSING_AUTH', 'Signed-in requests to project resources need the X-Project-Id header.');
    }
    // Project ids are UUIDs: anything else names no project, and never reaches SQL (a NUL would fail there).
    if (!isUuid(projectId)) throw notFound('PROJECT');
    // Membership check: a project the user does not belong to is reported as not found.
    const project = await getMemberProject(deps, userId, projectId);
    if (toBool(project.disabled)) throw forbidden('This project is disabled.', 'PROJECT_DISABLED');
    // What this role may do on this route: the permission table (projects/permissions.ts).
    requirePermission(project.role, routePermission(req.method, req.routeOptions.url));
    req.userId = userId;
    req.auth = { projectId, via: 'session', userId, role: project.role };
  };
}

/** Requires a signed-in dashboard user (session cookie). */
export function requireUser(deps: Pick<Deps, 'db' | 'secrets' | 'clock' | 'config'>): onRequestHookHandler {
  return async function userAuth(req: FastifyRequest) {
    // A revoked or expired session, or one whose user is gone, is no session.
    const userId = await sessionUser(deps, req);
    if (!userId) throw unauthorized('UNAUTHORIZED', 'Sign in first.');
    req.userId = userId;
  };
}

/**
 * For /projects/:id/* routes, after requireUser: the signed-in user must be a member of the project
 * in the path (anyone else gets 404 PROJECT_NOT_FOUND, whatever the id, before the route's own
 * validation runs) and hold `permission` (403 FORBIDDEN). Sets req.auth with the member's role.
 */
export function requireMember(deps: Pick<Deps, 'db'>, permission: Permission): onRequestHookHandler {
  return async function memberAuth(req: FastifyRequest) {
    const projectId = (req.params as { id?: unknown }).id;
    if (!req.userId) throw unauthorized('UNAUTHORIZED', 'Sign in first.');
    // Project ids are UUIDs: anything else names no project, and never reaches SQL.
    if (typeof projectId !== 'string' || !isUuid(projectId)) throw notFound('PROJECT');
    const project = await getMemberProject(deps, req.userId, projectId);
    requirePermission(project.role, permission);
    req.auth = { projectId, via: 'session', userId: req.userId, role: project.role };
  };
}
