/**
 * /templates: CRUD, duplicate, usage, versions, the draft and previews. Rules live in the services;
 * writes name their author (the member or the key) for the version history.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { authorOf } from '../auth/authors.ts';
import type { Deps } from '../deps.ts';
import { requireProject } from '../http/auth.ts';
import { PageQuery } from '../http/pages.ts';
import { created, noContent, routeSchema } from '../http/routes.ts';
import { IdParams } from '../http/schemas.ts';
import { deleteDraft, publishDraft, putDraft } from './template-drafts.service.ts';
import { getTemplateVersion, listTemplateVersions, restoreTemplateVersion } from './template-history.service.ts';
import { previewContent, previewTemplate } from './template-preview.service.ts';
import {
  CreateTemplateBody,
  DraftBody,
  ListTemplatesQuery,
  PreviewBody,
  PreviewQuery,
  PreviewView,
  PublishBody,
  TemplatePage,
  TemplateUsage,
  TemplateVersionPage,
  TemplateVersionView,
  TemplateView,
  UpdateTemplateBody,
  VersionParams,
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
  const by = (req: FastifyRequest) => authorOf(deps, req.auth!);

  app.get('/templates', schema({ querystring: ListTemplatesQuery, response: { 200: TemplatePage } }), async (req) =>
    listTemplates(deps, req.auth!.projectId, req.query),
  );
  app.post(
    '/templates',
    schema({ body: CreateTemplateBody, response: { 201: TemplateView } }),
    created(async (req) => createTemplate(deps, req.auth!.projectId, req.body, await by(req))),
  );
  // Before /templates/:id, so that "preview" is not read as an id.
  app.post('/templates/preview', schema({ body: PreviewBody, response: { 200: PreviewView } }), async (req) =>
    previewContent(deps, req.auth!.projectId, req.body),
  );
  app.get('/templates/:id', schema({ params, response: { 200: TemplateView } }), async (req) =>
    getTemplate(deps, req.auth!.projectId, req.params.id),
  );
  app.patch(
    '/templates/:id',
    schema({ params, body: UpdateTemplateBody, response: { 200: TemplateView } }),
    async (req) => updateTemplate(deps, req.auth!.projectId, req.params.id, req.body, await by(req)),
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
    created(async (req) => duplicateTemplate(deps, req.auth!.projectId, req.params.id, await by(req))),
  );
  app.get('/templates/:id/usage', schema({ params, response: { 200: TemplateUsage } }), async (req) =>
    getTemplateUsage(deps, req.auth!.projectId, req.params.id),
  );
  app.get(
    '/templates/:id/preview',
    schema({ params, querystring: PreviewQuery, response: { 200: PreviewView } }),
    async (req) => previewTemplate(deps, req.auth!.projectId, req.params.id, req.query),
  );

  app.get(
    '/templates/:id/versions',
    schema({ params, querystring: PageQuery, response: { 200: TemplateVersionPage } }),
    async (req) => listTemplateVersions(deps, req.auth!.projectId, req.params.id, req.query),
  );
  app.get(
    '/templates/:id/versions/:version',
    schema({ params: VersionParams, response: { 200: TemplateVersionView } }),
    async (req) => getTemplateVersion(deps, req.auth!.projectId, req.params.id, req.params.version),
  );
  app.post(
    '/templates/:id/versions/:version/restore',
    schema({ params: VersionParams, body: PublishBody, response: { 200: TemplateView } }),
    async (req) =>
      restoreTemplateVersion(
        deps,
        req.auth!.projectId,
        req.params.id,
        req.params.version,
        req.body ?? {},
        await by(req),
      ),
  );

  app.put('/templates/:id/draft', schema({ params, body: DraftBody, response: { 200: TemplateView } }), async (req) =>
    putDraft(deps, req.auth!.projectId, req.params.id, req.body, await by(req)),
  );
  app.delete(
    '/templates/:id/draft',
    schema({ params }),
    noContent((req) => deleteDraft(deps, req.auth!.projectId, req.params.id)),
  );
  app.post(
    '/templates/:id/publish',
    schema({ params, body: PublishBody, response: { 200: TemplateView } }),
    async (req) => publishDraft(deps, req.auth!.projectId, req.params.id, req.body ?? {}, await by(req)),
  );
};
