/** /users/@me/projects: the signed-in user's projects, their settings and keys. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../deps.ts';
import { requireUser } from '../http/auth.ts';
import {
  CreateProjectBody,
  ProjectIdParams,
  ProjectView,
  ProjectWithSecret,
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
  const tags = ['projects'];
  const security = [{ session: [] }];

  app.get(
    '/users/@me/projects',
    { schema: { tags, security, response: { 200: Type.Array(ProjectView) } } },
    async (req) => listProjects(deps, req.userId!),
  );

  app.post(
    '/users/@me/projects',
    { schema: { tags, security, body: CreateProjectBody, response: { 201: ProjectWithSecret } } },
    async (req, reply) => reply.code(201).send(await createProject(deps, req.userId!, req.body.name)),
  );

  app.patch(
    '/users/@me/projects/:id',
    { schema: { tags, security, params: ProjectIdParams, body: UpdateProjectBody, response: { 200: ProjectView } } },
    async (req) => updateProjectSettings(deps, req.userId!, req.params.id, req.body),
  );

  app.post(
    '/users/@me/projects/:id/regenerate-keys',
    { schema: { tags, security, params: ProjectIdParams, response: { 200: ProjectWithSecret } } },
    async (req) => regenerateKeys(deps, req.userId!, req.params.id),
  );

  app.delete('/users/@me/projects/:id', { schema: { tags, security, params: ProjectIdParams } }, async (req, reply) => {
    await deleteProject(deps, req.userId!, req.params.id);
    return reply.code(204).send();
  });
};
