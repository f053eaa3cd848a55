/** /topics: a project's topics; rules live in topics.service.ts. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../deps.ts';
import { requireProject } from '../http/auth.ts';
import { created, idFirst, noContent, routeSchema } from '../http/routes.ts';
import { IdParams } from '../http/schemas.ts';
import { CreateTopicBody, TopicView, UpdateTopicBody } from './topics.schemas.ts';
import { createTopic, deleteTopic, getTopic, listTopicViews, updateTopic } from './topics.service.ts';

export const topicRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireProject(deps));
  const schema = routeSchema('topics');
  const params = IdParams;
  const preValidation = idFirst((projectId, id) => getTopic(deps, projectId, id));

  app.get('/topics', schema({ response: { 200: Type.Array(TopicView) } }), async (req) =>
    listTopicViews(deps, req.auth!.projectId),
  );
  app.post(
    '/topics',
    schema({ body: CreateTopicBody, response: { 201: TopicView } }),
    created((req) => createTopic(deps, req.auth!.projectId, req.body)),
  );
  app.get('/topics/:id', schema({ params, response: { 200: TopicView } }), async (req) =>
    getTopic(deps, req.auth!.projectId, req.params.id),
  );
  app.patch(
    '/topics/:id',
    schema({ params, body: UpdateTopicBody, response: { 200: TopicView } }, { preValidation }),
    async (req) => updateTopic(deps, req.auth!.projectId, req.params.id, req.body),
  );
  app.delete(
    '/topics/:id',
    schema({ params }),
    noContent((req) => deleteTopic(deps, req.auth!.projectId, req.params.id)),
  );
};
