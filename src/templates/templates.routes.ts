/** /templates: CRUD, duplicate and usage. Rules live in templates.service.ts. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps.ts';
import { requireProject } from '../http/auth.ts';
import { created, noContent, routeSchema } from '../http/routes.ts';
import { IdParams } from '../http/schemas.ts';
import {
  CreateTemplateBody,
  ListTemplatesQuery,
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
  const schema = routeSchema('templates');
  const params = IdParams;

  app.get('/templates', schema({ querystring: ListTemplatesQuery, response: { 200: TemplatePage } }), async (req) =>
    listTemplates(deps, req.auth!.projectId, req.query),
  );
  app.post(
    '/templates',
    schema({ body: CreateTemplateBody, response: { 201: TemplateView } }),
    created((req) => createTemplate(deps, req.auth!.projectId, req.body)),
  );
  app.get('/templates/:id', schema({ params, response: { 200: TemplateView } }), async (req) =>
    getTemplate(deps, req.auth!.projectId, req.params.id),
  );
  app.patch(
    '/templates/:id',
    schema({ params, body: UpdateTemplateBody, response: { 200: TemplateView } }),
    async (req) => updateTemplate(deps, req.auth!.projectId, req.params.id, req.body),
  );
  app.delete(
    '/templates/:id',
    schema({ params }),
    noContent((req) => deleteTemplate(deps, req.auth!.projectId, req.params.id)),
  );
  // The copy is a new resource: 201 with its view, whose id is the new template's.
  app.post(
    '/templates/:id/duplicate',
    schema({ params, response: { 201: TemplateView } }),
    created((req) => duplicateTemplate(deps, req.auth!.projectId, req.params.id)),
  );
  app.get('/templates/:id/usage', schema({ params, response: { 200: TemplateUsage } }), async (req) =>
    getTemplateUsage(deps, req.auth!.projectId, req.params.id),
  );
};
