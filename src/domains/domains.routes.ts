/** Sending-domain endpoints; rules live in domains.service.ts. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../deps.ts';
import { requireProject } from '../http/auth.ts';
import { AddDomainBody, DomainIdParams, DomainView, ProjectIdParams } from './domains.schemas.ts';
import { addDomain, listDomains, removeDomain, verifyDomainNow } from './domains.service.ts';

export const domainRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireProject(deps));
  const tags = ['domains'];
  const security = [{ apiKey: [] }];

  app.post(
    '/domains',
    { schema: { tags, security, body: AddDomainBody, response: { 201: DomainView } } },
    async (req, reply) => reply.code(201).send(await addDomain(deps, req.auth!.projectId, req.body.domain)),
  );

  app.get(
    '/domains/project/:projectId',
    { schema: { tags, security, params: ProjectIdParams, response: { 200: Type.Array(DomainView) } } },
    async (req) => listDomains(deps, req.auth!.projectId, req.params.projectId),
  );

  app.get(
    '/domains/:id/verify',
    { schema: { tags, security, params: DomainIdParams, response: { 200: DomainView } } },
    async (req) => verifyDomainNow(deps, req.auth!.projectId, req.params.id),
  );

  app.delete('/domains/:id', { schema: { tags, security, params: DomainIdParams } }, async (req, reply) => {
    await removeDomain(deps, req.auth!.projectId, req.params.id);
    return reply.code(204).send();
  });
};
