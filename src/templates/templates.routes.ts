/** /templates: CRUD, duplicate and usage. Rules live in templates.service.ts. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps.ts';
import { requireProject } from '../http/auth.ts';
import {
  CreateTemplateBody,
  ListTemplatesQuery,
  TemplateIdParams,
  TemplatePage,
  TemplateUsage,
  TemplateView,
  UpdateTemplateBody,
} from './templates.schemas.ts';
import {
  createTemplate,
  deleteTemplate,
  duplicateTemplate,
  getTemplate,
  getTemplateUsage,
  listTemplates,
  updateTemplate,
} from './templates.service.ts';

/** Registers every /templates route behind the project auth hook (secret key or session). */
export const templateRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireProject(deps));
  const tags = ['templates'];
  const security = [{ apiKey: [] }];
  const params = TemplateIdParams;

  app.get(
    '/templates',
    { schema: { tags, security, querystring: ListTemplatesQuery, response: { 200: TemplatePage } } },
    async (req) => listTemplates(deps, req.auth!.projectId, req.query),
  );

  app.post(
    '/templates',
    { schema: { tags, security, body: CreateTemplateBody, response: { 201: TemplateView } } },
    async (req, reply) => reply.code(201).send(await createTemplate(deps, req.auth!.projectId, req.body)),
  );

  app.get('/templates/:id', { schema: { tags, security, params, response: { 200: TemplateView } } }, async (req) =>
    getTemplate(deps, req.auth!.projectId, req.params.id),
  );

  app.patch(
    '/templates/:id',
    { schema: { tags, security, params, body: UpdateTemplateBody, response: { 200: TemplateView } } },
    async (req) => updateTemplate(deps, req.auth!.projectId, req.params.id, req.body),
  );

  app.delete('/templates/:id', { schema: { tags, security, params } }, async (req, reply) => {
    await deleteTemplate(deps, req.auth!.projectId, req.params.id);
    return reply.code(204).send();
  });

  // The copy is a new resource: 201 with its view, whose id is the new template's.
  app.post(
    '/templates/:id/duplicate',
    { schema: { tags, security, params, response: { 201: TemplateView } } },
    async (req, reply) => reply.code(201).send(await duplicateTemplate(deps, req.auth!.projectId, req.params.id)),
  );

  app.get(
    '/templates/:id/usage',
    { schema: { tags, security, params, response: { 200: TemplateUsage } } },
    async (req) => getTemplateUsage(deps, req.auth!.projectId, req.params.id),
  );
};
