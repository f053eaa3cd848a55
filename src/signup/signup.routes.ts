/**
 * POST /v1/subscribe (public or secret key) with its CORS preflight, and POST /contacts/:id/confirmation
 * (secret key or session). The hosted form and the confirmation pages are pages/signup-pages.routes.ts.
 *
 * CORS: a preflight carries no key, so it cannot know the project. It is answered for any origin,
 * granting nothing but the right to send the POST; the POST, whose key names the project, is where
 * the origin is judged: an Origin outside the project's `allowedOrigins` gets 403 with no CORS header
 * and nothing stored, an allowed one gets `Access-Control-Allow-Origin` on every answer, errors
 * included. Calls without Origin (servers) are not CORS and pass. So no browser page on another site
 * can sign anyone up through a project's public key.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Deps } from '../deps.ts';
import { forbidden } from '../errors.ts';
import { requireProject } from '../http/auth.ts';
import { createRateStore, type RateStore } from '../http/rate-limit.ts';
import { API_KEY } from '../http/routes.ts';
import { IdParams } from '../http/schemas.ts';
import { getSignupProject } from '../projects/projects.service.ts';
import { signupPageRoutes } from './pages/signup-pages.routes.ts';
import { ConfirmationSent, SubscribeBody, SubscribeResult } from './signup.schemas.ts';
import { sendConfirmationTo, subscribe } from './signup.service.ts';
import { countSignup } from './signup-limit.ts';
import { normalizeOrigin, originAllowed } from './signup-settings.ts';

/** A sign-up is an address, a few fields and topic ids: far below the API's 1 MB. */
export const SUBSCRIBE_BODY_LIMIT = 32 * 1024;
/** The preflight: the POST may be sent from any origin; whether it is accepted depends on its key's project. */
function preflight(req: FastifyRequest, reply: FastifyReply) {
  const origin = req.headers.origin;
  if (typeof origin === 'string' && normalizeOrigin(origin)) {
    reply
      .header('access-control-allow-origin', origin)
      .header('access-control-allow-methods', 'POST')
      .header('access-control-allow-headers', 'authorization, content-type')
      .header('access-control-max-age', '600');
  }
  return reply.header('vary', 'Origin').code(204).send();
}

/** After authentication: refuses an origin the project does not allow, and names an allowed one in the answer. */
function judgeOrigin(deps: Deps): onRequestHookHandler {
  const own = new URL(deps.config.baseUrl).origin;
  return async function signupOrigin(req, reply) {
    reply.header('vary', 'Origin');
    const origin = req.headers.origin;
    if (origin === undefined || origin === own) return;
    const project = await getSignupProject(deps, req.auth!.projectId);
    if (!originAllowed(project.allowedOrigins, origin)) {
      throw forbidden(`The origin ${origin.slice(0, 300)} is not in the project's allowedOrigins.`);
    }
    reply.header('access-control-allow-origin', origin);
  };
}

const subscribeRoutes: FastifyPluginAsyncTypebox<{ deps: Deps; limiter: RateStore }> = async (
  app,
  { deps, limiter },
) => {
  app.options('/v1/subscribe', { schema: { hide: true } }, async (req, reply) => preflight(req, reply));

  app.post(
    '/v1/subscribe',
    {
      onRequest: [
        requireProject(deps, { allowPublic: true }),
        judgeOrigin(deps),
        async (req) => countSignup(limiter, req.auth!.projectId, req.ip),
      ],
      bodyLimit: SUBSCRIBE_BODY_LIMIT,
      schema: { tags: ['signup'], security: API_KEY, body: SubscribeBody, response: { 202: SubscribeResult } },
    },
    async (req, reply) =>
      reply.code(202).send({ success: true, data: { status: await subscribe(deps, req.auth!.projectId, req.body) } }),
  );

  app.post(
    '/contacts/:id/confirmation',
    {
      onRequest: requireProject(deps),
      schema: { tags: ['contacts'], security: API_KEY, params: IdParams, response: { 202: ConfirmationSent } },
    },
    async (req, reply) => {
      await sendConfirmationTo(deps, req.auth!.projectId, req.params.id);
      return reply.code(202).send({ success: true, data: { status: 'CONFIRMATION_SENT' } });
    },
  );
};

/** Sign-up's routes: the API (this file) and the pages, sharing one sign-up rate store. */
export const signupRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  const limiter = createRateStore(deps.config);
  app.addHook('onClose', async () => limiter.close());
  await app.register(subscribeRoutes, { deps, limiter });
  await app.register(signupPageRoutes, { deps, limiter });
};
