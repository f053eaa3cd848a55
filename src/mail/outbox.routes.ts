/** /outbox: the mail the capture transport kept (local use and tests). Reading rules live in outbox.service.ts. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps.ts';
import { requireProject } from '../http/auth.ts';
import { ListOutboxQuery, OutboxIdParams, OutboxPage } from './outbox.schemas.ts';
import { getOutboxRaw, listOutbox } from './outbox.service.ts';

export const outboxRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireProject(deps));
  const tags = ['outbox'];
  const security = [{ apiKey: [] }];

  app.get(
    '/outbox',
    { schema: { tags, security, querystring: ListOutboxQuery, response: { 200: OutboxPage } } },
    async (req) => listOutbox(deps, req.auth!.projectId, req.query),
  );

  app.get('/outbox/:id/raw', { schema: { tags, security, params: OutboxIdParams } }, async (req, reply) =>
    reply.type('message/rfc822').send(await getOutboxRaw(deps, req.auth!.projectId, req.params.id)),
  );
};
