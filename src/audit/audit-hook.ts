/**
 * The one mechanism every audited change passes through. When a route is registered, its line in
 * AUDITED_ROUTES is looked up: a route that changes something and has no line stops the service from
 * starting. An audited route gets two hooks of its own:
 *  - before the handler (preHandler, after authentication and validation): the resource's view as it
 *    is, when its type has a view and its id is in the path, and the entry (who, from where, what),
 *    handed to the handler's first write (db/first-write.ts): it is written in that write's
 *    transaction, unsealed, so it commits with the change or not at all;
 *  - once the handler answered (onSend, before a byte of the answer leaves): the view as it is now (or
 *    the 201 answer for a resource without one), and the entry sealed with the fields that differ.
 * A route whose change no Kysely write carried (or whose project is only known from its answer, like
 * a new project) gets its entry whole at that point instead. The entry's id is in the `X-Audit-Entry`
 * header of the answer; a failure to write or seal it turns the answer into a 500.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { endFirstWriteScope, type FirstWriteScope, firstWriteScope, runInFirstWriteScope } from '../db/first-write.ts';
import type { Deps } from '../deps.ts';
import type { NewAuditEntry } from './audit.repo.ts';
import { actorOf, entryRow, originOf, record, recordSignIn, sealEntry, unsealedEntry } from './audit.service.ts';
import {
  AUDITED_ROUTES,
  type AuditedRoute,
  MUTATING,
  type RouteAudit,
  routeKey,
  type Source,
} from './audited-routes.ts';
import { diffViews } from './changes.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** For routes added from outside the product (tests' probes, benchmarks): their line of AUDITED_ROUTES. */
    audit?: RouteAudit;
  }
}

/** Reads a resource's API view in its project (undefined when there is none). */
export type AuditView = (ctx: { projectId: string; id: string; userId?: string }) => Promise<unknown>;
export type AuditViews = Readonly<Record<string, AuditView>>;

interface Pending {
  before?: unknown;
  /** The entry the handler's first write carries (when the project was known before the handler). */
  row?: NewAuditEntry;
  scope?: FirstWriteScope;
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

async function view(views: AuditViews, type: string, ctx: Parameters<AuditView>[0]) {
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
  const projectFromResult = spec.project !== undefined && 'result' in spec.project;
  const idFromResult = spec.id !== undefined && spec.id !== 'none' && 'result' in spec.id;

  /**
   * Before the handler: the view as it is, and (when the project is known already) the entry, written
   * unsealed by the handler's first write in that write's transaction. The handler runs in the scope.
   */
  function before(req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) {
    const state: Pending = {};
    pending.set(req, state);
    const prepare = async () => {
      const projectId = projectFromResult ? undefined : projectOf(req, undefined, spec);
      const id = idFromResult ? undefined : resourceId(req, undefined, spec);
      if (projectId && id) state.before = await view(views, spec.resource, { projectId, id, userId: req.userId });
      if (!projectId) return;
      const actor = await actorOf(deps, projectId, req.auth ?? { via: 'session', userId: req.userId });
      const row = entryRow(deps, projectId, actor, originOf(req), {
        action: spec.action,
        resource: { type: spec.resource, id: id ?? null },
      });
      state.row = row;
      state.scope = firstWriteScope(async (run) => {
        await run(unsealedEntry(deps, row));
      });
    };
    prepare().then(
      () => (state.scope ? runInFirstWriteScope(state.scope, () => done()) : done()),
      (err: Error) => done(err),
    );
  }

  /** Once the handler answered: seal the entry with what changed, or write it whole if no write carried it. */
  async function after(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const state = pending.get(req) ?? {};
    const scope = state.scope;
    const wrote = scope?.state === 'committed';
    // A write started after the answer no longer carries the entry: this answer writes it whole, below.
    if (scope) endFirstWriteScope(scope);
    // A write still running (work the handler left going) carries the entry when it commits, unsealed.
    if (scope?.state === 'claimed') return payload;
    // A refused change writes nothing, unless a write of it committed before the refusal.
    if (reply.statusCode >= 300 && !wrote) return payload;
    const result = parseJson(payload);
    const projectId = state.row?.projectId ?? projectOf(req, result, spec);
    if (!projectId) {
      deps.log.error({ route: routeKey(req.method, req.routeOptions.url ?? '') }, 'audited change without a project');
      return payload;
    }
    const id = resourceId(req, result, spec);
    let now = id ? await view(views, spec.resource, { projectId, id, userId: req.userId }) : undefined;
    // A resource without a view: what a creation answered is what was made.
    if (now === undefined && !views[spec.resource] && reply.statusCode === 201) now = result;
    const changes = diffViews(state.before, now);
    let entryId: string;
    if (wrote && state.row) {
      await sealEntry(deps, state.row.id, changes, id);
      entryId = state.row.id;
    } else {
      const actor = await actorOf(deps, projectId, req.auth ?? { via: 'session', userId: req.userId });
      [entryId] = (await record(deps, [projectId], actor, originOf(req), {
        action: spec.action,
        resource: { type: spec.resource, id: id ?? null },
        changes,
      })) as [string];
    }
    // Which entry the change wrote: a client (and the audit sweep in api-views.test.ts) can look it up.
    reply.header('x-audit-entry', entryId);
    return payload;
  }

  return { before, after };
}

async function endScope(req: FastifyRequest) {
  const scope = pending.get(req)?.scope;
  if (scope) endFirstWriteScope(scope);
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
      // Routes added from outside the product (tests' probes, benchmarks) say it in their own config.
      const own = route.config?.audit;
      const spec: RouteAudit | undefined = AUDITED_ROUTES[key] ?? own;
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
      // A request that never reaches onSend (aborted, or failed in an earlier onSend) still ends its scope.
      route.onResponse = [...asArray(route.onResponse), endScope];
      route.onRequestAbort = [...asArray(route.onRequestAbort), endScope];
    }
  });
}
