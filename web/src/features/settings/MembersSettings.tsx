import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Operation, ResponseBody } from '../../../../client/index.ts';
import { fieldError } from '../../api/client.ts';
import { type Project, projectsKey, useMe } from '../../api/session.ts';
import { projectKey, useProject } from '../../app/project-context.tsx';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { Select, TextInput } from '../../components/Field.tsx';
import { Badge, Card } from '../../components/Layout.tsx';
import { EmptyState, ErrorState, FormError, LoadingRows } from '../../components/States.tsx';
import { Table } from '../../components/Table.tsx';
import { useToast } from '../../components/Toast.tsx';
import { formatDate, formatRelative } from '../../lib/format.ts';
import { assignableRoles, can, ROLE_HELP, ROLE_LABEL } from './permissions.ts';

type Team = ResponseBody<Operation<'/projects/{id}/members', 'get'>>;
type Member = Team['members'][number];
type Invite = Team['invites'][number];
type Role = Project['role'];

const teamKey = (projectId: string) => projectKey(projectId, 'team');

/** Settings → Members: who is in the project, inviting people, roles, and pending invitations. */
export function MembersSettings() {
  const { api, project, projectId } = useProject();
  const team = useQuery({
    queryKey: teamKey(projectId),
    queryFn: () => api.get('/projects/{id}/members', { path: { id: projectId } }),
  });
  return (
    <div className="space-y-6">
      {can(project.role, 'members.invite') && <InviteForm />}
      <Card title="Members">
        {team.isPending && <LoadingRows rows={2} label="Loading members" />}
        {team.isError && <ErrorState error={team.error} retry={() => team.refetch()} />}
        {team.isSuccess && <MembersTable members={team.data.members} />}
      </Card>
      <Card title="Pending invitations">
        {team.isPending && <LoadingRows rows={1} label="Loading invitations" />}
        {team.isSuccess &&
          (team.data.invites.length === 0 ? (
            <EmptyState title="No pending invitations" description="People you invite show here until they accept." />
          ) : (
            <InvitesTable invites={team.data.invites} />
          ))}
      </Card>
    </div>
  );
}

function InviteForm() {
  const { api, project, projectId } = useProject();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('MEMBER');
  const [outcome, setOutcome] = useState<string>();
  const invite = useMutation({
    mutationFn: async () => {
      // 201: the person had an account and is a member now; 202: an invitation was mailed.
      const res = await api.raw('POST', `/projects/${encodeURIComponent(projectId)}/members`, {
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ email, role }),
      });
      return { status: res.status, body: (await res.json()) as { email: string } };
    },
    onSuccess: ({ status, body }) => {
      const message =
        status === 201
          ? `${body.email} already had an account and is now a member as ${ROLE_LABEL[role]}.`
          : `Invitation sent to ${body.email}. They join as ${ROLE_LABEL[role]} when they accept it.`;
      setOutcome(message);
      setEmail('');
      queryClient.invalidateQueries({ queryKey: teamKey(projectId) });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setOutcome(undefined);
    invite.mutate();
  };
  const roles = assignableRoles(project.role);
  return (
    <Card title="Invite a teammate">
      <form onSubmit={submit} noValidate className="space-y-3">
        <FormError error={invite.error && !fieldError(invite.error, 'email') ? invite.error : null} />
        <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_12rem_auto] lg:items-start">
          <TextInput
            label="Email address"
            type="email"
            placeholder="teammate@company.com"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={fieldError(invite.error, 'email')}
          />
          <Select label="Role" value={role} onChange={(e) => setRole(e.target.value as Role)} hint={ROLE_HELP[role]}>
            {roles.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABEL[r]}
              </option>
            ))}
          </Select>
          <Button
            type="submit"
            loading={invite.isPending}
            className="lg:mt-6"
            icon={<UserPlus className="size-4" aria-hidden />}
          >
            Invite
          </Button>
        </div>
        {outcome && (
          <p role="status" className="text-sm text-emerald-700">
            {outcome}
          </p>
        )}
      </form>
    </Card>
  );
}

function MembersTable({ members }: { members: Member[] }) {
  const { api, project, projectId } = useProject();
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const [removing, setRemoving] = useState<Member>();
  const manage = can(project.role, 'members.manage');
  const roles = assignableRoles(project.role);

  const changeRole = useMutation({
    mutationFn: ({ member, role }: { member: Member; role: Role }) =>
      api.patch('/projects/{id}/members/{userId}', { path: { id: projectId, userId: member.userId }, body: { role } }),
    // Optimistic: the select shows the new role at once and goes back if the API refuses.
    onMutate: async ({ member, role }) => {
      await queryClient.cancelQueries({ queryKey: teamKey(projectId) });
      const before = queryClient.getQueryData<Team>(teamKey(projectId));
      queryClient.setQueryData<Team>(
        teamKey(projectId),
        (t) => t && { ...t, members: t.members.map((m) => (m.userId === member.userId ? { ...m, role } : m)) },
      );
      return { before };
    },
    onError: (_e, _v, context) => {
      if (context?.before) queryClient.setQueryData(teamKey(projectId), context.before);
    },
    onSuccess: (updated) => {
      toast(`${updated.email} is now ${ROLE_LABEL[updated.role]}.`);
      if (updated.userId === me.data?.id) queryClient.invalidateQueries({ queryKey: projectsKey });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKey(projectId) }),
  });

  const remove = useMutation({
    mutationFn: (member: Member) =>
      api.delete('/projects/{id}/members/{userId}', { path: { id: projectId, userId: member.userId } }),
    onSuccess: (_r, member) => {
      setRemoving(undefined);
      if (member.userId === me.data?.id) {
        queryClient.invalidateQueries({ queryKey: projectsKey });
        toast(`You left ${project.name}.`);
        navigate('/', { replace: true });
        return;
      }
      queryClient.setQueryData<Team>(
        teamKey(projectId),
        (t) => t && { ...t, members: t.members.filter((m) => m.userId !== member.userId) },
      );
      toast(`${member.email} was removed from the project.`);
    },
  });
  const isMe = (m: Member) => m.userId === me.data?.id;

  return (
    <>
      <div className="space-y-3">
        <FormError error={changeRole.error} />
        <Table<Member>
          caption="Project members"
          rows={members}
          rowKey={(m) => m.userId}
          columns={[
            {
              key: 'email',
              header: 'Member',
              cell: (m) => (
                <span className="flex items-center gap-2">
                  <span className="font-medium text-slate-900">{m.email}</span>
                  {isMe(m) && <Badge>You</Badge>}
                </span>
              ),
            },
            {
              key: 'role',
              header: 'Role',
              cell: (m) =>
                manage && roles.includes(m.role) ? (
                  <label className="inline-flex items-center gap-2">
                    <span className="sr-only">Role of {m.email}</span>
                    <select
                      value={m.role}
                      onChange={(e) => changeRole.mutate({ member: m, role: e.target.value as Role })}
                      className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                    >
                      {roles.map((r) => (
                        <option key={r} value={r}>
                          {ROLE_LABEL[r]}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : (
                  <Badge tone={m.role === 'OWNER' ? 'brand' : 'gray'}>{ROLE_LABEL[m.role]}</Badge>
                ),
            },
            { key: 'joined', header: 'Joined', className: 'whitespace-nowrap', cell: (m) => formatDate(m.joinedAt) },
            {
              key: 'actions',
              header: <span className="sr-only">Actions</span>,
              className: 'text-right',
              cell: (m) =>
                isMe(m) || (manage && roles.includes(m.role)) ? (
                  <Button size="sm" variant="ghost" onClick={() => setRemoving(m)}>
                    {isMe(m) ? 'Leave' : 'Remove'}
                    <span className="sr-only"> {m.email}</span>
                  </Button>
                ) : null,
            },
          ]}
        />
      </div>
      <ConfirmDialog
        open={Boolean(removing)}
        onClose={() => {
          setRemoving(undefined);
          remove.reset();
        }}
        onConfirm={() => removing && remove.mutate(removing)}
        busy={remove.isPending}
        title={removing && isMe(removing) ? `Leave ${project.name}?` : `Remove ${removing?.email ?? ''}?`}
        confirmLabel={removing && isMe(removing) ? 'Leave project' : 'Remove member'}
      >
        <p>
          {removing && isMe(removing)
            ? 'You lose access to this project until someone invites you again.'
            : 'They lose access to this project at once. You can invite them again later.'}
        </p>
        <div className="mt-3">
          <FormError error={remove.error} />
        </div>
      </ConfirmDialog>
    </>
  );
}

function InvitesTable({ invites }: { invites: Invite[] }) {
  const { api, project, projectId } = useProject();
  const queryClient = useQueryClient();
  const toast = useToast();
  const manage = can(project.role, 'members.invite');
  const revoke = useMutation({
    mutationFn: (invite: Invite) =>
      api.delete('/projects/{id}/invites/{inviteId}', { path: { id: projectId, inviteId: invite.id } }),
    onMutate: async (invite) => {
      await queryClient.cancelQueries({ queryKey: teamKey(projectId) });
      const before = queryClient.getQueryData<Team>(teamKey(projectId));
      queryClient.setQueryData<Team>(
        teamKey(projectId),
        (t) => t && { ...t, invites: t.invites.filter((i) => i.id !== invite.id) },
      );
      return { before };
    },
    onError: (_e, _v, context) => {
      if (context?.before) queryClient.setQueryData(teamKey(projectId), context.before);
    },
    onSuccess: (_r, invite) => toast(`Invitation to ${invite.email} revoked.`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKey(projectId) }),
  });
  return (
    <div className="space-y-3">
      <FormError error={revoke.error} />
      <Table<Invite>
        caption="Pending invitations"
        rows={invites}
        rowKey={(i) => i.id}
        columns={[
          { key: 'email', header: 'Email', cell: (i) => <span className="font-medium text-slate-900">{i.email}</span> },
          { key: 'role', header: 'Role', cell: (i) => <Badge>{ROLE_LABEL[i.role]}</Badge> },
          {
            key: 'invited',
            header: 'Invited',
            className: 'whitespace-nowrap',
            cell: (i) => formatRelative(i.invitedAt),
          },
          { key: 'expires', header: 'Expires', className: 'whitespace-nowrap', cell: (i) => formatDate(i.expiresAt) },
          {
            key: 'actions',
            header: <span className="sr-only">Actions</span>,
            className: 'text-right',
            cell: (i) =>
              manage && (
                <Button size="sm" variant="ghost" onClick={() => revoke.mutate(i)}>
                  Revoke<span className="sr-only"> the invitation to {i.email}</span>
                </Button>
              ),
          },
        ]}
      />
    </div>
  );
}
