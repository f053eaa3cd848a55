import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { Badge } from '../../components/Layout.tsx';
import { Table } from '../../components/Table.tsx';
import { formatDate, formatRelative } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Invite, memberMutations } from '../../queries/members.ts';
import { useAction } from '../../queries/use-action.ts';
import { ROLE_LABEL } from './roles.ts';

/** Pending invitations; revoking one asks first (its link stops working, and a new one means a new mail). */
export function InvitesTable({ invites }: { invites: Invite[] }) {
  const { t } = useTranslation();
  const { project } = useProject();
  const [revoking, setRevoking] = useState<Invite>();
  const manage = can(project, 'members.invite');
  return (
    <>
      <Table<Invite>
        caption={t('Pending invitations')}
        rows={invites}
        rowKey={(i) => i.id}
        columns={[
          {
            key: 'email',
            header: t('Email'),
            cell: (i) => <span className="font-medium text-slate-900">{i.email}</span>,
          },
          { key: 'role', header: t('Role'), cell: (i) => <Badge>{t(ROLE_LABEL[i.role])}</Badge> },
          {
            key: 'invited',
            header: t('Invited'),
            className: 'whitespace-nowrap',
            cell: (i) => formatRelative(i.invitedAt),
          },
          {
            key: 'expires',
            header: t('Expires'),
            className: 'whitespace-nowrap',
            cell: (i) => formatDate(i.expiresAt),
          },
          {
            key: 'actions',
            header: <span className="sr-only">{t('Actions')}</span>,
            className: 'text-right',
            cell: (i) =>
              manage && (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t('Revoke the invitation to {email}', { email: i.email })}
                  onClick={() => setRevoking(i)}
                >
                  {t('Revoke')}
                </Button>
              ),
          },
        ]}
      />
      {revoking && <RevokeDialog invite={revoking} onClose={() => setRevoking(undefined)} />}
    </>
  );
}

function RevokeDialog({ invite, onClose }: { invite: Invite; onClose: () => void }) {
  const { t } = useTranslation();
  const revoke = useAction(memberMutations.revokeInvite(useProject(), invite.id), {
    inline: true,
    onSuccess: () => {
      onClose();
      toast(t('Invitation to {email} revoked.', { email: invite.email }));
    },
  });
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      action={revoke}
      title={t('Revoke the invitation to {email}?', { email: invite.email })}
      confirmLabel={t('Revoke invitation')}
    >
      <p>{t('The link in their email stops working. You can invite them again later; they get a new email then.')}</p>
    </ConfirmDialog>
  );
}
