import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { can, type Project, sessionKeys, useMe } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { Badge } from '../../components/Layout.tsx';
import { FormError } from '../../components/States.tsx';
import { Table } from '../../components/Table.tsx';
import { formatDate } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Member, memberQueries, type Team } from '../../queries/members.ts';
import { forgetProject } from './project-cache.ts';
import { ROLE_LABEL } from './roles.ts';

type Role = Project['role'];

/** The members with their roles: changing a role (at once, put back if refused), removing someone, leaving. */
export function MembersTable({ members }: { members: Member[] }) {
  const scope = useProject();
  const { api, project, projectId } = scope;
  const me = useMe();
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<Member>();
  const manage = can(project, 'members.manage');
  const roles = project.assignableRoles;
  // A member holding a role the caller may not hand out (an OWNER, to an ADMIN) is not the caller's to change.
  const mayChange = (m: Member) => manage && roles.includes(m.role);
  const teamKey = memberQueries.team(scope).queryKey;
  const isMe = (m: Member) => m.userId === me.data?.id;

  const changeRole = useMutation({
    mutationFn: ({ member, role }: { member: Member; role: Role }) =>
      api.patch('/projects/{id}/members/{userId}', { path: { id: projectId, userId: member.userId }, body: { role } }),
    // The team, and the projects answer: a change of one's own role changes what one may do.
    meta: { invalidates: [memberQueries.all(projectId), sessionKeys.projects], errorShownInline: true },
    // Optimistic: the select shows the new role at once and goes back if the API refuses.
    onMutate: async ({ member, role }) => {
      await queryClient.cancelQueries({ queryKey: teamKey });
      const before = queryClient.getQueryData<Team>(teamKey);
      queryClient.setQueryData<Team>(
        teamKey,
        (t) => t && { ...t, members: t.members.map((m) => (m.userId === member.userId ? { ...m, role } : m)) },
      );
      return { before };
    },
    onError: (_e, _v, context) => {
      if (context?.before) queryClient.setQueryData(teamKey, context.before);
    },
    onSuccess: (updated) => toast(`${updated.email} is now ${ROLE_LABEL[updated.role]}.`),
  });

  const remove = useMutation({
    mutationFn: (member: Member) =>
      api.delete('/projects/{id}/members/{userId}', { path: { id: projectId, userId: member.userId } }),
    meta: { invalidates: [memberQueries.all(projectId)], errorShownInline: true },
    onSuccess: (_r, member) => {
      setRemoving(undefined);
      toast(`${member.email} was removed from the project.`);
    },
  });
  const navigate = useNavigate();
  // Leaving: the project is gone for this user (see forgetProject).
  const leave = useMutation({
    mutationFn: (member: Member) =>
      api.delete('/projects/{id}/members/{userId}', { path: { id: projectId, userId: member.userId } }),
    meta: { errorShownInline: true },
    onSuccess: () => {
      navigate('/', { replace: true });
      forgetProject(queryClient, projectId);
      toast(`You left ${project.name}.`);
    },
  });
  const action = removing && isMe(removing) ? leave : remove;

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
                mayChange(m) ? (
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
                isMe(m) || mayChange(m) ? (
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
        error={action.error}
        open={Boolean(removing)}
        onClose={() => {
          setRemoving(undefined);
          action.reset();
        }}
        onConfirm={() => removing && action.mutate(removing)}
        busy={action.isPending}
        title={removing && isMe(removing) ? `Leave ${project.name}?` : `Remove ${removing?.email ?? ''}?`}
        confirmLabel={removing && isMe(removing) ? 'Leave project' : 'Remove member'}
      >
        <p>
          {removing && isMe(removing)
            ? 'You lose access to this project until someone invites you again.'
            : 'They lose access to this project at once. You can invite them again later.'}
        </p>
      </ConfirmDialog>
    </>
  );
}
