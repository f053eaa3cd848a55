/**
 * /audit-log: the project's log, newest first, its filters' values and its CSV export. Reading it
 * needs `audit.read` (owners and admins, and the secret key); no route changes or deletes an entry.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps.ts';
import { requireProject } from '../http/auth.ts';
import { routeSchema } from '../http/routes.ts';
import { AuditExportQuery, AuditFacets, AuditListQuery, AuditPage } from './audit.schemas.ts';
import { auditFacets, exportAudit, listAudit } from './audit.service.ts';

export const auditRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireProject(deps));
  const schema = routeSchema('audit');

  app.get('/audit-log', schema({ querystring: AuditListQuery, response: { 200: AuditPage } }), async (req) =>
    listAudit(deps, req.auth!.projectId, req.query),
  );

  app.get('/audit-log/facets', schema({ response: { 200: AuditFacets } }), async (req) =>
    auditFacets(deps, req.auth!.projectId),
  );

  app.get(
    '/audit-log/export',
    schema({ description: 'The matching entries as CSV (newest first).', querystring: AuditExportQuery }),
    async (req, reply) => {
      const stamp = deps.clock.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${stamp}.csv"`)
        .send(Readable.from(exportAudit(deps, req.auth!.projectId, req.query)));
    },
  );
};
