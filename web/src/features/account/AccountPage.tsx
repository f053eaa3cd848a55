import { useQuery } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { lastProject, sessionQueries, useMe, useServerConfig } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/Field.tsx';
import { Badge, Card, PageHeader } from '../../components/Layout.tsx';
import { BackLink } from '../../components/Links.tsx';
import { ErrorState, FormError, LoadingRows } from '../../components/States.tsx';
import { DraftForm } from '../../forms/DraftForm.tsx';
import { useDraft } from '../../forms/use-draft.ts';
import { toast } from '../../lib/toasts.ts';
import { accountMutations, type PasswordChange } from '../../queries/account.ts';
import { useAction } from '../../queries/use-action.ts';

/** The signed-in user's own settings: email verification, how they sign in, and their password. */
export function AccountPage() {
  const me = useMe();
  const resend = useAction(accountMutations.requestVerification(), {
    inline: true,
    onSuccess: () => toast('Verification email sent.'),
  });
  const back = lastProject();
  const methods = useQuery(sessionQueries.signInMethods());
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
        <Card title="How you sign in">
          <SignInMethods />
        </Card>
        {/* An account made through single sign-on or OAuth has no password to change. */}
        {methods.data?.password !== false && (
          <Card title="Change password">
            <PasswordForm />
          </Card>
        )}
      </div>
    </main>
  );
}

const OAUTH_NAMES: Record<string, string> = { github: 'GitHub', google: 'Google' };

/** The ways this account can sign in, each with what it means. */
function SignInMethods() {
  const query = useQuery(sessionQueries.signInMethods());
  const config = useServerConfig();
  if (query.isPending) return <LoadingRows rows={2} label="Loading how you sign in" />;
  if (query.isError) return <ErrorState error={query.error} retry={() => query.refetch()} />;
  const sso = config.data?.oidc.name;
  const methods = [
    query.data.password && { key: 'password', label: 'Password', hint: 'Your email address and password.' },
    query.data.oidc && {
      key: 'oidc',
      label: 'Single sign-on',
      hint:
        sso && sso !== 'Single sign-on' ? `Through ${sso}, your company's sign-in.` : "Through your company's sign-in.",
    },
    ...query.data.oauth.map((provider) => ({
      key: provider,
      label: OAUTH_NAMES[provider] ?? provider,
      hint: `Your ${OAUTH_NAMES[provider] ?? provider} account.`,
    })),
  ].filter((m) => m !== false);
  if (methods.length === 0)
    return <p className="text-sm text-slate-500">No way to sign in is set up for this account.</p>;
  return (
    <ul aria-label="Sign-in methods" className="space-y-2 text-sm">
      {methods.map((m) => (
        <li key={m.key} className="flex items-start gap-2">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
          <span>
            <span className="font-medium text-slate-900">{m.label}</span>
            <span className="block text-slate-500">{m.hint}</span>
          </span>
        </li>
      ))}
      {!query.data.password && (
        <li className="pt-1 text-slate-500">This account has no password, so there is none to change.</li>
      )}
    </ul>
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
