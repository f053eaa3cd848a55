/** /users/@me/projects: the signed-in user's projects, their settings and keys. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../deps.ts';
import { requireUser } from '../http/auth.ts';
import { created, noContent, routeSchema, SESSION } from '../http/routes.ts';
import { IdParams } from '../http/schemas.ts';
import { getSendingPlan } from '../sending/sending-plan.service.ts';
import {
  CreateProjectBody,
  ProjectView,
  ProjectWithSecret,
  SendingPlan,
  UpdateProjectBody,
} from './projects.schemas.ts';
import {
  createProject,
  deleteProject,
  listProjects,
  regenerateKeys,
  updateProjectSettings,
} from './projects.service.ts';

export const projectRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireUser(deps));
  const schema = routeSchema('projects', SESSION);

  app.get('/users/@me/projects', schema({ response: { 200: Type.Array(ProjectView) } }), async (req) =>
    listProjects(deps, req.userId!),
  );

  app.post(
    '/users/@me/projects',
    schema({ body: CreateProjectBody, response: { 201: ProjectWithSecret } }),
    created((req) => createProject(deps, req.userId!, req.body.name)),
  );

  app.patch(
    '/users/@me/projects/:id',
    schema({ params: IdParams, body: UpdateProjectBody, response: { 200: ProjectView } }),
    async (req) => updateProjectSettings(deps, req.userId!, req.params.id, req.body),
  );

  app.get(
    '/users/@me/projects/:id/sending-plan',
    schema({ params: IdParams, response: { 200: SendingPlan } }),
    async (req) => getSendingPlan(deps, req.userId!, req.params.id),
  );

  app.post(
    '/users/@me/projects/:id/regenerate-keys',
    schema({ params: IdParams, response: { 200: ProjectWithSecret } }),
    async (req) => regenerateKeys(deps, req.userId!, req.params.id),
  );

  app.delete(
    '/users/@me/projects/:id',
    schema({ params: IdParams }),
    noContent((req) => deleteProject(deps, req.userId!, req.params.id)),
  );
};
