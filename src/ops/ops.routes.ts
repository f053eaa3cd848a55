/** Liveness, readiness, metrics and the public configuration summary. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps.ts';
import { registry } from './metrics.ts';
import { assertMetricsAccess, isDatabaseReady, publicConfig } from './ops.service.ts';

export const opsRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.get('/health', { schema: { tags: ['ops'] } }, async () => ({ status: 'ok' }));
  app.get('/ready', { schema: { tags: ['ops'] } }, async (_req, reply) => {
    const ok = await isDatabaseReady(deps);
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', database: ok });
  });
  app.get(
    '/metrics',
    {
      schema: { hide: true },
      onRequest: async (req) => assertMetricsAccess(deps.config, req.ip, req.headers.authorization),
    },
    async (_req, reply) => reply.type(registry.contentType).send(await registry.metrics()),
  );
  app.get('/config', { schema: { tags: ['ops'] } }, async () => publicConfig(deps.config));
};
