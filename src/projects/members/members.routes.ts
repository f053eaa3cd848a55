/** Team endpoints: /projects/:id/members, /projects/:id/invites/:inviteId and /invites/accept. Rules live in the services. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { requireMember, requireUser } from '../../http/auth.ts';
import { noContent, routeSchema, SESSION } from '../../http/routes.ts';
import { IdParams } from '../../http/schemas.ts';
import type { Permission } from '../permissions.ts';
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
  const schema = routeSchema('team', SESSION);
  const member = (permission: Permission) => ({ onRequest: requireMember(deps, permission) });

  app.get(
    '/projects/:id/members',
    schema({ params: IdParams, response: { 200: TeamView } }, member('project.use')),
    async (req) => getTeam(deps, req.auth!.projectId),
  );

  app.post(
    '/projects/:id/members',
    schema(
      {
        description:
          'Adds the user with that email at once (201), or mails an invitation when no account has it (202).',
        params: IdParams,
        body: AddMemberBody,
        response: { 201: MemberView, 202: InviteView },
      },
      member('members.invite'),
    ),
    async (req, reply) => {
      const r = await addMember(deps, actorOf(req), req.auth!.projectId, req.body);
      return 'member' in r ? reply.code(201).send(r.member) : reply.code(202).send(r.invite);
    },
  );

  app.patch(
    '/projects/:id/members/:userId',
    schema({ params: MemberParams, body: UpdateMemberBody, response: { 200: MemberView } }, member('members.manage')),
    async (req) => changeRole(deps, req.auth!.userId!, req.auth!.projectId, req.params.userId, req.body.role),
  );

  // Any member may remove themself (leave); removing someone else needs 'members.manage' (checked in the service).
  app.delete(
    '/projects/:id/members/:userId',
    schema({ params: MemberParams }, member('project.use')),
    noContent((req) => removeMember(deps, req.auth!.userId!, req.auth!.projectId, req.params.userId)),
  );

  app.delete(
    '/projects/:id/invites/:inviteId',
    schema({ params: InviteParams }, member('members.invite')),
    noContent((req) => revokeInvite(deps, req.auth!.projectId, req.params.inviteId)),
  );

  app.post('/invites/accept', schema({ body: AcceptInviteBody, response: { 200: JoinedView } }), async (req) =>
    acceptInvite(deps, req.userId!, req.body.token),
  );
};
