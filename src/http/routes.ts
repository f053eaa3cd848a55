/**
 * What every route declaration of a feature repeats, written once: the OpenAPI tags and security of
 * its schema, the 201 and 204 replies, and the "another project's id is a 404 before its body is
 * looked at" check. Routes stay `app.get(path, { schema }, handler)`; these only fill the parts in.
 */
import type { FastifyReply, FastifyRequest, FastifySchema, onRequestHookHandler } from 'fastify';

/** A project's secret key, or a dashboard session naming the project (X-Project-Id). */
export const API_KEY = [{ apiKey: [] }];
/** A dashboard session: the user's own account, projects, team and billing. */
export const SESSION = [{ session: [] }];

/**
 * The route options builder of one feature: `schema` gets the feature's tag and `security` ahead of
 * its own keys (the order the OpenAPI document lists them in).
 */
export function routeSchema(tag: string, security: typeof API_KEY | typeof SESSION = API_KEY) {
  const tags = [tag];
  return <S extends FastifySchema>(
    schema: S,
    options: { onRequest?: onRequestHookHandler; preValidation?: IdFirst } = {},
  ) => ({
    ...options,
    schema: { tags, security, ...schema },
  });
}

/** A handler answering 201 with what `create` returns. */
export function created<Req, Body>(create: (req: Req) => Promise<Body>) {
  return async (req: Req, reply: FastifyReply) => reply.code(201).send(await create(req));
}

/** A handler answering 204 once `run` is done. */
export function noContent<Req>(run: (req: Req) => Promise<unknown>) {
  return async (req: Req, reply: FastifyReply) => {
    await run(req);
    return reply.code(204).send();
  };
}

type IdFirst = (req: FastifyRequest) => Promise<void>;

/**
 * A preValidation hook that looks the `:id` resource up in the caller's project first, so another
 * project's (or no) resource is a 404 before its body is judged: a body failing validation must not
 * tell a caller anything about an id it cannot see. `find` throws the 404.
 */
export function idFirst(find: (projectId: string, id: string) => Promise<unknown>): IdFirst {
  return async (req) => {
    await find(req.auth!.projectId, String((req.params as { id?: unknown }).id ?? ''));
  };
}
