/**
 * /outbox of the run contract: the mail the capture transport kept (local use and tests), not the
 * sending outbox (the `emails` rows). Reading rules live in captured.service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps.ts';
import { requireProject } from '../../http/auth.ts';
import { CapturedIdParams, CapturedPage, ListCapturedQuery } from './captured.schemas.ts';
import { getCapturedRaw, listCaptured } from './captured.service.ts';

export const capturedMailRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireProject(deps));
  const tags = ['outbox'];
  const security = [{ apiKey: [] }];

  app.get(
    '/outbox',
    { schema: { tags, security, querystring: ListCapturedQuery, response: { 200: CapturedPage } } },
    async (req) => listCaptured(deps, req.auth!.projectId, req.query),
  );

  app.get('/outbox/:id/raw', { schema: { tags, security, params: CapturedIdParams } }, async (req, reply) =>
    reply.type('message/rfc822').send(await getCapturedRaw(deps, req.auth!.projectId, req.params.id)),
  );
};
