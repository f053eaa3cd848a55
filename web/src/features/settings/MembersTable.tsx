import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
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
    onSuccess: (updated) =>
      toast(t('{email} is now {role}.', { email: updated.email, role: t(ROLE_LABEL[updated.role]) })),
  });
  const roleCell = (m: Member) =>
    mayChange(m) ? (
      <label className="inline-flex items-center gap-2">
        <span className="sr-only">{t('Role of {email}', { email: m.email })}</span>
        <select
          value={m.role}
          onChange={(e) => changeRole.mutate({ userId: m.userId, role: e.target.value as Role })}
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
        >
          {roles.map((r) => (
            <option key={r} value={r}>
              {t(ROLE_LABEL[r])}
            </option>
          ))}
        </select>
      </label>
    ) : (
      <Badge tone={m.role === 'OWNER' ? 'brand' : 'gray'}>{t(ROLE_LABEL[m.role])}</Badge>
    );
  const actionCell = (m: Member) =>
    (isMe(m) || mayChange(m)) && (
      <Button
        size="sm"
        variant="ghost"
        aria-label={isMe(m) ? t('Leave {email}', { email: m.email }) : t('Remove {email}', { email: m.email })}
        onClick={() => setRemoving(m)}
      >
        {isMe(m) ? t('Leave') : t('Remove')}
      </Button>
    );

  return (
    <>
      <div className="space-y-3">
        <FormError error={changeRole.error} />
        <Table<Member>
          caption={t('Project members')}
          rows={members}
          rowKey={(m) => m.userId}
          columns={[
            { key: 'email', header: t('Member'), cell: (m) => <MemberName email={m.email} me={isMe(m)} /> },
            { key: 'role', header: t('Role'), cell: roleCell },
            {
              key: 'joined',
              header: t('Joined'),
              className: 'whitespace-nowrap',
              cell: (m) => formatDate(m.joinedAt),
            },
            {
              key: 'actions',
              header: <span className="sr-only">{t('Actions')}</span>,
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
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-2">
      <span className="font-medium text-slate-900">{email}</span>
      {me && <Badge>{t('You')}</Badge>}
    </span>
  );
}

/** Asks before removing a member, or before leaving when the member is oneself (the project is then gone for them). */
function RemoveDialog({ member, leaving, onClose }: { member: Member; leaving: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const scope = useProject();
  const navigate = useNavigate();
  const remove = useAction(memberMutations.remove(scope, member.userId), {
    inline: true,
    onSuccess: () => {
      onClose();
      toast(t('{email} was removed from the project.', { email: member.email }));
    },
  });
  const leave = useAction(projectMutations.leave(scope, member.userId), {
    inline: true,
    onSuccess: () => {
      navigate('/', { replace: true });
      toast(t('You left {name}.', { name: scope.project.name }));
    },
  });
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      action={leaving ? leave : remove}
      title={leaving ? t('Leave {name}?', { name: scope.project.name }) : t('Remove {email}?', { email: member.email })}
      confirmLabel={leaving ? t('Leave project') : t('Remove member')}
    >
      <p>
        {leaving
          ? t('You lose access to this project until someone invites you again.')
          : t('They lose access to this project at once. You can invite them again later.')}
      </p>
    </ConfirmDialog>
  );
}
