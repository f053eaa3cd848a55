/** Team endpoints: /projects/:id/members, /projects/:id/invites/:inviteId and /invites/accept. Rules live in the services. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { requireMember, requireUser } from '../../http/auth.ts';
import { ProjectIdParams } from '../projects.schemas.ts';
import { acceptInvite } from './invites.service.ts';
import {
  AcceptInviteBody,
  AddMemberBody,
  InviteParams,
  InviteView,
  JoinedView,
  MemberParams,
  MemberView,
  TeamView,
  UpdateMemberBody,
} from './members.schemas.ts';
import { type Actor, addMember, changeRole, getTeam, removeMember, revokeInvite } from './members.service.ts';

const actorOf = (req: FastifyRequest): Actor => ({ userId: req.auth!.userId!, role: req.auth!.role! });

export const teamRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireUser(deps));
  const tags = ['team'];
  const security = [{ session: [] }];

  app.get(
    '/projects/:id/members',
    {
      onRequest: requireMember(deps, 'project.use'),
      schema: { tags, security, params: ProjectIdParams, response: { 200: TeamView } },
    },
    async (req) => getTeam(deps, req.auth!.projectId),
  );

  app.post(
    '/projects/:id/members',
    {
      onRequest: requireMember(deps, 'members.invite'),
      schema: {
        tags,
        security,
        description:
          'Adds the user with that email at once (201), or mails an invitation when no account has it (202).',
        params: ProjectIdParams,
        body: AddMemberBody,
        response: { 201: MemberView, 202: InviteView },
      },
    },
    async (req, reply) => {
      const r = await addMember(deps, actorOf(req), req.auth!.projectId, req.body);
      return 'member' in r ? reply.code(201).send(r.member) : reply.code(202).send(r.invite);
    },
  );

  app.patch(
    '/projects/:id/members/:userId',
    {
      onRequest: requireMember(deps, 'members.manage'),
      schema: { tags, security, params: MemberParams, body: UpdateMemberBody, response: { 200: MemberView } },
    },
    async (req) => changeRole(deps, req.auth!.userId!, req.auth!.projectId, req.params.userId, req.body.role),
  );

  // Any member may remove themself (leave); removing someone else needs 'members.manage' (checked in the service).
  app.delete(
    '/projects/:id/members/:userId',
    { onRequest: requireMember(deps, 'project.use'), schema: { tags, security, params: MemberParams } },
    async (req, reply) => {
      await removeMember(deps, req.auth!.userId!, req.auth!.projectId, req.params.userId);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/projects/:id/invites/:inviteId',
    { onRequest: requireMember(deps, 'members.invite'), schema: { tags, security, params: InviteParams } },
    async (req, reply) => {
      await revokeInvite(deps, req.auth!.projectId, req.params.inviteId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/invites/accept',
    { schema: { tags, security, body: AcceptInviteBody, response: { 200: JoinedView } } },
    async (req) => acceptInvite(deps, req.userId!, req.body.token),
  );
};
