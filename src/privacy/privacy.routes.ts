/** A contact's data rights: its export and its erasure (beyond.md §3). Rules live in the services. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps.ts';
import { requireProject } from '../http/auth.ts';
import { routeSchema } from '../http/routes.ts';
import { IdParams } from '../http/schemas.ts';
import { eraseContact } from './erasure.service.ts';
import { exportContact } from './export.service.ts';
import { ContactExport, ErasureResult } from './privacy.schemas.ts';

/** GET /contacts/:id/export and POST /contacts/:id/erase, behind the project auth hook (secret key or session). */
export const privacyRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireProject(deps));
  const schema = routeSchema('contacts');

  // The document is streamed: the schema describes it for /openapi.json, the serializer never sees
  // it (hence the cast past the schema's type).
  app.get(
    '/contacts/:id/export',
    schema({ params: IdParams, response: { 200: ContactExport } }),
    async (req, reply) => {
      const file = await exportContact(deps, req.auth!.projectId, req.params.id);
      return reply
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .type('application/json; charset=utf-8')
        .send(file.body as never);
    },
  );

  app.post('/contacts/:id/erase', schema({ params: IdParams, response: { 200: ErasureResult } }), async (req) => ({
    success: true as const,
    data: { erased: await eraseContact(deps, req.auth!.projectId, req.params.id) },
  }));
};
