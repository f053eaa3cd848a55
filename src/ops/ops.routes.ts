/** Liveness, readiness, metrics and the public configuration summary. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../deps.ts';
import { registry } from './metrics.ts';
import { assertMetricsAccess, isDatabaseReady, publicConfig } from './ops.service.ts';

/** What this server offers, for the dashboard and for clients deciding which features to use. */
const PublicConfig = Type.Object({
  signupsEnabled: Type.Boolean(),
  oauth: Type.Object({ github: Type.Boolean(), google: Type.Boolean() }),
  oidc: Type.Object({
    enabled: Type.Boolean({ description: 'Single sign-on is configured: GET /auth/oidc/start starts it.' }),
    name: Type.String({ description: 'What the sign-in button names (OIDC_NAME).' }),
  }),
  billing: Type.Boolean(),
  storage: Type.Boolean({ description: 'Uploaded images go to object storage (S3_BUCKET) rather than DATA_DIR.' }),
  smtp: Type.Boolean(),
  mailTransport: Type.Union([Type.Literal('capture'), Type.Literal('smtp'), Type.Literal('ses')]),
  inboundSmtp: Type.Boolean(),
});

export const opsRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.get('/health', { schema: { tags: ['ops'] } }, async () => ({ status: 'ok' }));
  // The status code follows the database alone; `oidc` (when configured) reports single sign-on,
  // whose provider being down must not take the instance out of a load balancer (docs/sso.md).
  app.get('/ready', { schema: { tags: ['ops'] } }, async (_req, reply) => {
    const ok = await isDatabaseReady(deps);
    const oidc = deps.oidc.readiness();
    return reply
      .code(ok ? 200 : 503)
      .send({ status: ok ? 'ok' : 'unavailable', database: ok, ...(oidc ? { oidc } : {}) });
  });
  app.get(
    '/metrics',
    {
      schema: { hide: true },
      onRequest: async (req) => assertMetricsAccess(deps.config, req.ip, req.headers.authorization),
    },
    async (_req, reply) => reply.type(registry.contentType).send(await registry.metrics()),
  );
  app.get('/config', { schema: { tags: ['ops'], response: { 200: PublicConfig } } }, async () =>
    publicConfig(deps.config),
  );
};
