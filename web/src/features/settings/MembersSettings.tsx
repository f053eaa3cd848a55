import { useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  const scope = useProject();
  const team = useQuery(memberQueries.team(scope));
  return (
    <div className="space-y-6">
      {can(scope.project, 'members.invite') && <InviteForm />}
      <Card title={t('Members')}>
        <ListStates query={team} loadingLabel={t('Loading members')} loadingRows={2} isEmpty={() => false} empty={null}>
          {(data) => <MembersTable members={data.members} />}
        </ListStates>
      </Card>
      <Card title={t('Pending invitations')}>
        {/* A failed load shows once, in the members' card above. */}
        {!team.isError && (
          <ListStates
            query={team}
            loadingLabel={t('Loading invitations')}
            loadingRows={1}
            isEmpty={(data) => data.invites.length === 0}
            empty={
              <EmptyState
                title={t('No pending invitations')}
                description={t('People you invite show here until they accept.')}
              />
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
  const { t } = useTranslation();
  const scope = useProject();
  const [outcome, setOutcome] = useState<string>();
  const invite = useAction(memberMutations.invite(scope), {
    inline: true,
    // 201 (a member now: the answer has the userId) when the person had an account; else 202, mailed.
    onSuccess: (added) =>
      setOutcome(
        'userId' in added
          ? t('{email} already had an account and is now a member as {role}.', {
              email: added.email,
              role: t(ROLE_LABEL[added.role]),
            })
          : t('Invitation sent to {email}. They join as {role} when they accept it.', {
              email: added.email,
              role: t(ROLE_LABEL[added.role]),
            }),
      ),
  });
  const d = useDraft<{ email: string; role: Role }, { email: string; role: Role }>(
    { email: '', role: 'MEMBER' },
    { save: invite, toBody: (draft) => draft, leaveMessage: t('This invitation is not sent yet. Leave anyway?') },
  );
  return (
    <Card title={t('Invite a teammate')}>
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
            label={t('Email address')}
            type="email"
            placeholder="teammate@company.com" // i18n-ignore: an address, not words
            autoComplete="off"
            {...d.text('email')}
          />
          <Select label={t('Role')} {...d.text('role')} hint={t(ROLE_HELP[d.value.role])}>
            {scope.project.assignableRoles.map((r) => (
              <option key={r} value={r}>
                {t(ROLE_LABEL[r])}
              </option>
            ))}
          </Select>
          <Button
            type="submit"
            loading={d.saving}
            className="lg:mt-6"
            icon={<UserPlus className="size-4" aria-hidden />}
          >
            {t('Invite', { context: 'verb' })}
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
