import { useState } from 'react';
import { useNavigate } from 'react-router';
import { can, useMe } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { Badge } from '../../components/Layout.tsx';
import { FormError } from '../../components/States.tsx';
import { Table } from '../../components/Table.tsx';
import { formatDate } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Member, memberMutations, type Role } from '../../queries/members.ts';
import { projectMutations } from '../../queries/projects.ts';
import { useAction } from '../../queries/use-action.ts';
import { ROLE_LABEL } from './roles.ts';

/** The members with their roles: changing a role (at once, put back if refused), removing someone, leaving. */
export function MembersTable({ members }: { members: Member[] }) {
  const scope = useProject();
  const { project } = scope;
  const me = useMe();
  const [removing, setRemoving] = useState<Member>();
  const manage = can(project, 'members.manage');
  const roles = project.assignableRoles;
  // A member holding a role the caller may not hand out (an OWNER, to an ADMIN) is not the caller's to change.
  const mayChange = (m: Member) => manage && roles.includes(m.role);
  const isMe = (m: Member) => m.userId === me.data?.id;
  const changeRole = useAction(memberMutations.changeRole(scope), {
    inline: true,
    onSuccess: (updated) => toast(`${updated.email} is now ${ROLE_LABEL[updated.role]}.`),
  });
  const roleCell = (m: Member) =>
    mayChange(m) ? (
      <label className="inline-flex items-center gap-2">
        <span className="sr-only">Role of {m.email}</span>
        <select
          value={m.role}
          onChange={(e) => changeRole.mutate({ userId: m.userId, role: e.target.value as Role })}
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
    );
  const actionCell = (m: Member) =>
    (isMe(m) || mayChange(m)) && (
      <Button size="sm" variant="ghost" onClick={() => setRemoving(m)}>
        {isMe(m) ? 'Leave' : 'Remove'}
        <span className="sr-only"> {m.email}</span>
      </Button>
    );

  return (
    <>
      <div className="space-y-3">
        <FormError error={changeRole.error} />
        <Table<Member>
          caption="Project members"
          rows={members}
          rowKey={(m) => m.userId}
          columns={[
            { key: 'email', header: 'Member', cell: (m) => <MemberName email={m.email} me={isMe(m)} /> },
            { key: 'role', header: 'Role', cell: roleCell },
            { key: 'joined', header: 'Joined', className: 'whitespace-nowrap', cell: (m) => formatDate(m.joinedAt) },
            {
              key: 'actions',
              header: <span className="sr-only">Actions</span>,
              className: 'text-right',
              cell: actionCell,
            },
          ]}
        />
      </div>
      {removing && <RemoveDialog member={removing} leaving={isMe(removing)} onClose={() => setRemoving(undefined)} />}
    </>
  );
}

function MemberName({ email, me }: { email: string; me: boolean }) {
  return (
    <span className="flex items-center gap-2">
      <span className="font-medium text-slate-900">{email}</span>
      {me && <Badge>You</Badge>}
    </span>
  );
}

/** Asks before removing a member, or before leaving when the member is oneself (the project is then gone for them). */
function RemoveDialog({ member, leaving, onClose }: { member: Member; leaving: boolean; onClose: () => void }) {
  const scope = useProject();
  const navigate = useNavigate();
  const remove = useAction(memberMutations.remove(scope, member.userId), {
    inline: true,
    onSuccess: () => {
      onClose();
      toast(`${member.email} was removed from the project.`);
    },
  });
  const leave = useAction(projectMutations.leave(scope, member.userId), {
    inline: true,
    onSuccess: () => {
      navigate('/', { replace: true });
      toast(`You left ${scope.project.name}.`);
    },
  });
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      action={leaving ? leave : remove}
      title={leaving ? `Leave ${scope.project.name}?` : `Remove ${member.email}?`}
      confirmLabel={leaving ? 'Leave project' : 'Remove member'}
    >
      <p>
        {leaving
          ? 'You lose access to this project until someone invites you again.'
          : 'They lose access to this project at once. You can invite them again later.'}
      </p>
    </ConfirmDialog>
  );
}
