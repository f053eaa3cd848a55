import { lastProject, useMe } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/Field.tsx';
import { Badge, Card, PageHeader } from '../../components/Layout.tsx';
import { BackLink } from '../../components/Links.tsx';
import { FormError } from '../../components/States.tsx';
import { DraftForm } from '../../forms/DraftForm.tsx';
import { useDraft } from '../../forms/use-draft.ts';
import { toast } from '../../lib/toasts.ts';
import { accountMutations, type PasswordChange } from '../../queries/account.ts';
import { useAction } from '../../queries/use-action.ts';

/** The signed-in user's own settings: email verification and password. */
export function AccountPage() {
  const me = useMe();
  const resend = useAction(accountMutations.requestVerification(), {
    inline: true,
    onSuccess: () => toast('Verification email sent.'),
  });
  const back = lastProject();
  return (
    <main id="main" className="mx-auto max-w-2xl px-6 py-8">
      <BackLink to={back ? `/p/${back}` : '/'}>Back to the dashboard</BackLink>
      <PageHeader title="Your account" description={me.data?.email} />
      <div className="space-y-6">
        <Card title="Email address">
          <div className="flex items-center justify-between gap-4 text-sm">
            <span>
              {me.data?.email}{' '}
              {me.data?.emailVerified ? (
                <Badge tone="green">Verified</Badge>
              ) : (
                <Badge tone="yellow">Not verified</Badge>
              )}
            </span>
            {me.data && !me.data.emailVerified && (
              <Button size="sm" variant="secondary" onClick={() => resend.mutate()} loading={resend.isPending}>
                Resend verification email
              </Button>
            )}
          </div>
          <FormError error={resend.error} />
        </Card>
        <Card title="Change password">
          <PasswordForm />
        </Card>
      </div>
    </main>
  );
}

const NO_PASSWORDS: PasswordChange = { currentPassword: '', newPassword: '' };

/** The current password and a new one; the fields empty again once it is changed. */
function PasswordForm() {
  const change = useAction(accountMutations.changePassword(), {
    inline: true,
    onSuccess: () => toast('Password changed. Your other sessions were signed out.'),
  });
  const d = useDraft(NO_PASSWORDS, {
    save: change,
    toBody: (draft) => draft,
    leaveMessage: 'Your password is not changed yet. Leave anyway?',
  });
  const password = (key: keyof PasswordChange, label: string, fresh = false) => (
    <TextInput
      label={label}
      type="password"
      autoComplete={fresh ? 'new-password' : 'current-password'}
      required
      hint={fresh ? 'At least 8 characters.' : undefined}
      {...d.text(key)}
    />
  );
  return (
    <DraftForm draft={d} submitLabel="Change password" className="max-w-sm space-y-4">
      {password('currentPassword', 'Current password')}
      {password('newPassword', 'New password', true)}
    </DraftForm>
  );
}
