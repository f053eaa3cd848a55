/** /suppressions: the project's suppression rules; rules live in suppressions.service.ts. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../deps.ts';
import { requireProject } from '../http/auth.ts';
import { created, noContent, routeSchema } from '../http/routes.ts';
import { IdParams } from '../http/schemas.ts';
import { EXPORT_COLUMNS, exportSuppressions } from './export.ts';
import { suppressionImportRoutes } from './import/import.routes.ts';
import {
  AddedSuppressions,
  AddSuppressionsBody,
  ListSuppressionsQuery,
  SuppressionPage,
} from './suppressions.schemas.ts';
import { addSuppressions, deleteSuppression, listSuppressions } from './suppressions.service.ts';

const CsvFile = {
  description: `CSV with a header row: ${EXPORT_COLUMNS.join(',')}`,
  content: { 'text/csv': { schema: Type.String() } },
};

export const suppressionRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireProject(deps));
  const schema = routeSchema('suppressions');

  app.get(
    '/suppressions',
    schema({ querystring: ListSuppressionsQuery, response: { 200: SuppressionPage } }),
    async (req) => listSuppressions(deps, req.auth!.projectId, req.query),
  );
  app.post(
    '/suppressions',
    schema({ body: AddSuppressionsBody, response: { 201: AddedSuppressions } }),
    created((req) => addSuppressions(deps, req.auth!.projectId, req.body)),
  );
  app.delete(
    '/suppressions/:id',
    schema({ params: IdParams }),
    noContent((req) => deleteSuppression(deps, req.auth!.projectId, req.params.id)),
  );
  // Streamed a page at a time: the schema describes it for /openapi.json, the serializer never sees it.
  app.get('/suppressions/export', schema({ response: { 200: CsvFile } }), async (req, reply) =>
    reply
      .header('content-disposition', `attachment; filename="suppressions-${new Date().toISOString().slice(0, 10)}.csv"`)
      .type('text/csv; charset=utf-8')
      .send(exportSuppressions(deps, req.auth!.projectId) as never),
  );
  await app.register(suppressionImportRoutes, { deps });
};
