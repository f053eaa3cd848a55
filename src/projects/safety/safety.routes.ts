/**
 * Project safety for signed-in members: onboarding state, security state, reinstatement after a
 * suspension, and reset. Keyed by the path's project id (never X-Project-Id), so they keep working
 * while the project is disabled. Rules live in the services beside this file.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { requireUser } from '../../http/auth.ts';
import { routeSchema, SESSION } from '../../http/routes.ts';
import { IdParams } from '../../http/schemas.ts';
import { isUuid } from '../../lib/ids.ts';
import { getReset, startReset } from './reset.service.ts';
import { ResetBody, ResetParams, ResetView, SecurityView, SetupStateView } from './safety.schemas.ts';
import { getSecurity, reinstateProject } from './security.service.ts';
import { getSetupState } from './setup-state.service.ts';

/** Project ids are UUIDs: anything else names no project (and never reaches SQL). */
function projectIdOf(req: { params: { id: string } }): string {
  if (!isUuid(req.params.id)) throw notFound('PROJECT');
  return req.params.id;
}

export const safetyRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireUser(deps));
  const schema = routeSchema('projects', SESSION);
  const params = IdParams;

  app.get('/projects/:id/setup-state', schema({ params, response: { 200: SetupStateView } }), async (req) =>
    getSetupState(deps, req.userId!, projectIdOf(req)),
  );

  for (const url of ['/projects/:id/security', '/users/@me/projects/:id/security']) {
    app.get(url, schema({ params, response: { 200: SecurityView } }), async (req) =>
      getSecurity(deps, req.userId!, projectIdOf(req)),
    );
  }

  app.post('/users/@me/projects/:id/reinstate', schema({ params, response: { 200: SecurityView } }), async (req) =>
    reinstateProject(deps, req.userId!, projectIdOf(req)),
  );

  app.post(
    '/users/@me/projects/:id/reset',
    schema({ params, body: ResetBody, response: { 202: ResetView } }),
    async (req, reply) => reply.code(202).send(await startReset(deps, req.userId!, projectIdOf(req), req.body)),
  );

  app.get(
    '/users/@me/projects/:id/resets/:resetId',
    schema({ params: ResetParams, response: { 200: ResetView } }),
    async (req) => getReset(deps, req.userId!, projectIdOf(req), req.params.resetId),
  );
};
