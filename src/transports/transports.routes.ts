/** /transports: a project's own SMTP relays and SES accounts (beyond.md §7); rules live in transports.service.ts. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../deps.ts';
import { requireProject } from '../http/auth.ts';
import { created, idFirst, noContent, routeSchema } from '../http/routes.ts';
import { IdParams } from '../http/schemas.ts';
import { CreateTransportBody, TransportTestResult, TransportView, UpdateTransportBody } from './transports.schemas.ts';
import {
  createProjectTransport,
  deleteTransport,
  getTransport,
  listTransportViews,
  testProjectTransport,
  updateTransport,
} from './transports.service.ts';

export const transportRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireProject(deps));
  const schema = routeSchema('transports');
  const params = IdParams;
  const preValidation = idFirst((projectId, id) => getTransport(deps, projectId, id));

  app.get('/transports', schema({ response: { 200: Type.Array(TransportView) } }), async (req) =>
    listTransportViews(deps, req.auth!.projectId),
  );
  app.post(
    '/transports',
    schema({ body: CreateTransportBody, response: { 201: TransportView } }),
    created((req) => createProjectTransport(deps, req.auth!.projectId, req.body)),
  );
  app.get('/transports/:id', schema({ params, response: { 200: TransportView } }), async (req) =>
    getTransport(deps, req.auth!.projectId, req.params.id),
  );
  app.patch(
    '/transports/:id',
    schema({ params, body: UpdateTransportBody, response: { 200: TransportView } }, { preValidation }),
    async (req) => updateTransport(deps, req.auth!.projectId, req.params.id, req.body),
  );
  app.delete(
    '/transports/:id',
    schema({ params }),
    noContent((req) => deleteTransport(deps, req.auth!.projectId, req.params.id)),
  );
  app.post('/transports/:id/test', schema({ params, response: { 200: TransportTestResult } }), async (req) =>
    testProjectTransport(deps, req.auth!.projectId, req.params.id),
  );
};
