/**
 * The one mechanism every audited change passes through. When a route is registered, its line in
 * AUDITED_ROUTES is looked up: a route that changes something and has no line stops the service from
 * starting. An audited route gets two hooks of its own:
 *  - before the handler (preHandler, after authentication and validation): the resource's view as it
 *    is, when its type has a view and its id is in the path;
 *  - once the handler answered 2xx (onSend, before a byte of the answer leaves): the view as it is now
 *    (or the 201 answer for a resource without one), the fields that differ, and the entry.
 * The entry is written before the answer is sent (its id in the `X-Audit-Entry` header), so a client
 * that saw its change succeed can read its entry; a write of the entry that fails turns the answer
 * into a 500.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Deps } from '../deps.ts';
import { actorOf, originOf, record, recordSignIn } from './audit.service.ts';
import {
  AUDITED_ROUTES,
  type AuditedRoute,
  MUTATING,
  type RouteAudit,
  routeKey,
  type Source,
} from './audited-routes.ts';
import { diffViews } from './changes.ts';

/** Reads a resource's API view in its project (undefined when there is none). */
export type AuditView = (ctx: { projectId: string; id: string; userId?: string }) => Promise<unknown>;
export type AuditViews = Readonly<Record<string, AuditView>>;

interface Pending {
  before?: unknown;
}

type HookDeps = Pick<Deps, 'db' | 'reader' | 'clock' | 'log'>;

const pending = new WeakMap<FastifyRequest, Pending>();

function asArray<T>(v: T | T[] | undefined): T[] {
  if (v === undefined) return [];
  return Array.isArray(v) ? v : [v];
}

function parseJson(payload: unknown): Record<string, unknown> | undefined {
  if (typeof payload !== 'string' || payload === '') return undefined;
  try {
    const v = JSON.parse(payload) as unknown;
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function read(req: FastifyRequest, result: Record<string, unknown> | undefined, source: Source): string | undefined {
  const v =
    'param' in source ? (req.params as Record<string, unknown>)[source.param] : (result?.[source.result] ?? undefined);
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** The resource id: as the route says, else the `id` path parameter. */
function resourceId(req: FastifyRequest, result: Record<string, unknown> | undefined, spec: AuditedRoute) {
  if (spec.id === 'none') return undefined;
  return read(req, result, spec.id ?? { param: 'id' });
}

function projectOf(req: FastifyRequest, result: Record<string, unknown> | undefined, spec: AuditedRoute) {
  if (spec.project) return read(req, result, spec.project);
  return req.auth?.projectId;
}

async function view(deps: HookDeps, views: AuditViews, type: string, ctx: Parameters<AuditView>[0]) {
  const load = views[type];
  if (!load) return undefined;
  try {
    return await load(ctx);
  } catch {
    // Gone (a 404 from the view) reads as "did not exist".
    return undefined;
  }
}

function audited(deps: HookDeps, views: AuditViews, spec: AuditedRoute) {
  async function before(req: FastifyRequest) {
    const state: Pending = {};
    pending.set(req, state);
    const projectId = spec.project && 'result' in spec.project ? undefined : projectOf(req, undefined, spec);
    const id = spec.id && spec.id !== 'none' && 'result' in spec.id ? undefined : resourceId(req, undefined, spec);
    if (projectId && id) state.before = await view(deps, views, spec.resource, { projectId, id, userId: req.userId });
  }

  async function after(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
    if (reply.statusCode >= 300) return payload;
    const result = parseJson(payload);
    const projectId = projectOf(req, result, spec);
    if (!projectId) {
      deps.log.error({ route: routeKey(req.method, req.routeOptions.url ?? '') }, 'audited change without a project');
      return payload;
    }
    const id = resourceId(req, result, spec);
    const state = pending.get(req) ?? {};
    let now = id ? await view(deps, views, spec.resource, { projectId, id, userId: req.userId }) : undefined;
    // A resource without a view: what a creation answered is what was made.
    if (now === undefined && !views[spec.resource] && reply.statusCode === 201) now = result;
    const actor = await actorOf(deps, projectId, req.auth ?? { via: 'session', userId: req.userId });
    const [entryId] = await record(deps, [projectId], actor, originOf(req), {
      action: spec.action,
      resource: { type: spec.resource, id: id ?? null },
      changes: diffViews(state.before, now),
    });
    // Which entry the change wrote: a client (and the audit sweep in api-views.test.ts) can look it up.
    reply.header('x-audit-entry', entryId);
    return payload;
  }

  return { before, after };
}

/** POST /auth/login: the sign-in or the refusal, in each of the member's projects. */
function signIn(deps: HookDeps) {
  return async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const body = req.body as { email?: unknown } | undefined;
    const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : undefined;
    const ok = reply.statusCode < 300;
    const userId = ok ? (parseJson(payload)?.data as { user?: { id?: string } } | undefined)?.user?.id : undefined;
    // 429 (throttled) and 5xx say nothing about the password.
    if (!ok && reply.statusCode !== 401 && reply.statusCode !== 403) return payload;
    await recordSignIn(deps, originOf(req), { userId, email }, { ok, method: 'password' });
    return payload;
  };
}

/**
 * Installs the audit on every route registered after this call (register it before the routes).
 * `views` reads each resource type's API view (composition.ts).
 */
export function installAudit(app: FastifyInstance, deps: HookDeps, views: AuditViews): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of asArray(route.method)) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const key = routeKey(method, route.url);
      const spec: RouteAudit | undefined = AUDITED_ROUTES[key];
      if (!spec) {
        if (MUTATING.has(method)) {
          throw new Error(
            `${key} changes something but is not in src/audit/audited-routes.ts: audit it or say why not`,
          );
        }
        continue;
      }
      if ('skip' in spec) {
        if (spec.skip === 'sign-in') route.onSend = [...asArray(route.onSend), signIn(deps)];
        continue;
      }
      const hooks = audited(deps, views, spec);
      route.preHandler = [...asArray(route.preHandler), hooks.before];
      route.onSend = [...asArray(route.onSend), hooks.after];
    }
  });
}
