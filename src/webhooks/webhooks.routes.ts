/** /webhook-endpoints: endpoints, their secret, a test, and the message log with retries. Rules live in the services. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../deps.ts';
import { requireProject } from '../http/auth.ts';
import { created, idFirst, noContent, routeSchema } from '../http/routes.ts';
import { IdParams } from '../http/schemas.ts';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  rotateSecret,
  updateEndpoint,
} from './endpoints.service.ts';
import { getMessage, listMessages, retryMessage, sendTest } from './messages.service.ts';
import {
  CreateEndpointBody,
  EndpointView,
  EndpointWithSecret,
  MessageDetail,
  MessagePage,
  MessageParams,
  MessagesQuery,
  TestResult,
  UpdateEndpointBody,
} from './webhooks.schemas.ts';

export const webhookRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireProject(deps));
  const schema = routeSchema('webhooks');
  const params = IdParams;
  const preValidation = idFirst((projectId, id) => getEndpoint(deps, projectId, id));

  app.get('/webhook-endpoints', schema({ response: { 200: Type.Array(EndpointView) } }), async (req) =>
    listEndpoints(deps, req.auth!.projectId),
  );
  app.post(
    '/webhook-endpoints',
    schema({ body: CreateEndpointBody, response: { 201: EndpointWithSecret } }),
    created((req) => createEndpoint(deps, req.auth!.projectId, req.body)),
  );
  app.get('/webhook-endpoints/:id', schema({ params, response: { 200: EndpointView } }), async (req) =>
    getEndpoint(deps, req.auth!.projectId, req.params.id),
  );
  app.patch(
    '/webhook-endpoints/:id',
    schema({ params, body: UpdateEndpointBody, response: { 200: EndpointView } }, { preValidation }),
    async (req) => updateEndpoint(deps, req.auth!.projectId, req.params.id, req.body),
  );
  app.delete(
    '/webhook-endpoints/:id',
    schema({ params }),
    noContent((req) => deleteEndpoint(deps, req.auth!.projectId, req.params.id)),
  );
  app.post(
    '/webhook-endpoints/:id/rotate-secret',
    schema({ params, response: { 200: EndpointWithSecret } }),
    async (req) => rotateSecret(deps, req.auth!.projectId, req.params.id),
  );
  app.post('/webhook-endpoints/:id/test', schema({ params, response: { 200: TestResult } }), async (req) =>
    sendTest(deps, req.auth!.projectId, req.params.id),
  );
  app.get(
    '/webhook-endpoints/:id/messages',
    schema({ params, querystring: MessagesQuery, response: { 200: MessagePage } }, { preValidation }),
    async (req) => listMessages(deps, req.auth!.projectId, req.params.id, req.query),
  );
  app.get(
    '/webhook-endpoints/:id/messages/:messageId',
    schema({ params: MessageParams, response: { 200: MessageDetail } }),
    async (req) => getMessage(deps, req.auth!.projectId, req.params.id, req.params.messageId),
  );
  app.post(
    '/webhook-endpoints/:id/messages/:messageId/retry',
    schema({ params: MessageParams, response: { 200: MessageDetail } }),
    async (req) => retryMessage(deps, req.auth!.projectId, req.params.id, req.params.messageId),
  );
};
