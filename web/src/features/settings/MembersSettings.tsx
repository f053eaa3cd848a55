import { useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { can } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { Select, TextInput } from '../../components/Field.tsx';
import { Card } from '../../components/Layout.tsx';
import { ListStates } from '../../components/ListScreen.tsx';
import { EmptyState, FormError } from '../../components/States.tsx';
import { useDraft } from '../../forms/use-draft.ts';
import { useProject } from '../../lib/project-context.tsx';
import { memberMutations, memberQueries, type Role } from '../../queries/members.ts';
import { useAction } from '../../queries/use-action.ts';
import { InvitesTable } from './InvitesTable.tsx';
import { MembersTable } from './MembersTable.tsx';
import { ROLE_HELP, ROLE_LABEL } from './roles.ts';

/** Settings → Members: who is in the project, inviting people, roles, and pending invitations. */
export function MembersSettings() {
  const scope = useProject();
  const team = useQuery(memberQueries.team(scope));
  return (
    <div className="space-y-6">
      {can(scope.project, 'members.invite') && <InviteForm />}
      <Card title="Members">
        <ListStates query={team} loadingLabel="Loading members" loadingRows={2} isEmpty={() => false} empty={null}>
          {(data) => <MembersTable members={data.members} />}
        </ListStates>
      </Card>
      <Card title="Pending invitations">
        {/* A failed load shows once, in the members' card above. */}
        {!team.isError && (
          <ListStates
            query={team}
            loadingLabel="Loading invitations"
            loadingRows={1}
            isEmpty={(data) => data.invites.length === 0}
            empty={
              <EmptyState title="No pending invitations" description="People you invite show here until they accept." />
            }
          >
            {(data) => <InvitesTable invites={data.invites} />}
          </ListStates>
        )}
      </Card>
    </div>
  );
}

function InviteForm() {
  const scope = useProject();
  const [outcome, setOutcome] = useState<string>();
  const invite = useAction(memberMutations.invite(scope), {
    inline: true,
    // 201 (a member now: the answer has the userId) when the person had an account; else 202, mailed.
    onSuccess: (added) =>
      setOutcome(
        'userId' in added
          ? `${added.email} already had an account and is now a member as ${ROLE_LABEL[added.role]}.`
          : `Invitation sent to ${added.email}. They join as ${ROLE_LABEL[added.role]} when they accept it.`,
      ),
  });
  const d = useDraft<{ email: string; role: Role }, { email: string; role: Role }>(
    { email: '', role: 'MEMBER' },
    { save: invite, toBody: (draft) => draft, leaveMessage: 'This invitation is not sent yet. Leave anyway?' },
  );
  return (
    <Card title="Invite a teammate">
      <form
        onSubmit={(e) => {
          setOutcome(undefined);
          d.submit(e);
        }}
        noValidate
        className="space-y-3"
      >
        <FormError error={d.formError} />
        <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_12rem_auto] lg:items-start">
          <TextInput
            label="Email address"
            type="email"
            placeholder="teammate@company.com"
            autoComplete="off"
            {...d.text('email')}
          />
          <Select label="Role" {...d.text('role')} hint={ROLE_HELP[d.value.role]}>
            {scope.project.assignableRoles.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABEL[r]}
              </option>
            ))}
          </Select>
          <Button
            type="submit"
            loading={d.saving}
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
