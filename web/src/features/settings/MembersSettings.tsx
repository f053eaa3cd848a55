import { useMutation, useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { fieldError } from '../../api/client.ts';
import { can, type Project } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { Select, TextInput } from '../../components/Field.tsx';
import { Card } from '../../components/Layout.tsx';
import { EmptyState, ErrorState, FormError, LoadingRows } from '../../components/States.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { memberQueries } from '../../queries/members.ts';
import { InvitesTable } from './InvitesTable.tsx';
import { MembersTable } from './MembersTable.tsx';
import { ROLE_HELP, ROLE_LABEL } from './roles.ts';

type Role = Project['role'];

/** Settings → Members: who is in the project, inviting people, roles, and pending invitations. */
export function MembersSettings() {
  const scope = useProject();
  const team = useQuery(memberQueries.team(scope));
  return (
    <div className="space-y-6">
      {can(scope.project, 'members.invite') && <InviteForm />}
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
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('MEMBER');
  const [outcome, setOutcome] = useState<string>();
  const invite = useMutation({
    mutationFn: () => api.post('/projects/{id}/members', { path: { id: projectId }, body: { email, role } }),
    meta: { invalidates: [memberQueries.all(projectId)], errorShownInline: true },
    onSuccess: (added) => {
      // 201 (a member now: the answer has the userId) when the person had an account; else 202, mailed.
      const message =
        'userId' in added
          ? `${added.email} already had an account and is now a member as ${ROLE_LABEL[added.role]}.`
          : `Invitation sent to ${added.email}. They join as ${ROLE_LABEL[added.role]} when they accept it.`;
      setOutcome(message);
      setEmail('');
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setOutcome(undefined);
    invite.mutate();
  };
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
            {project.assignableRoles.map((r) => (
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
