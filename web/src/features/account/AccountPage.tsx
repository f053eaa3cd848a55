import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../../api/client.ts';
import { lastProject, useMe } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { Badge, Card, PageHeader } from '../../components/Layout.tsx';
import { BackLink } from '../../components/Links.tsx';
import { FormError } from '../../components/States.tsx';
// The account's own password form uses the sign-in forms' fields (the same API field names).
import { PasswordField } from '../../forms/account-fields.tsx';
import { toast } from '../../lib/toasts.ts';

/** The signed-in user's own settings: email verification and password. */
export function AccountPage() {
  const me = useMe();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const resend = useMutation({
    mutationFn: () => api.post('/auth/request-verification'),
    meta: { errorShownInline: true },
    onSuccess: () => toast('Verification email sent.'),
  });
  const change = useMutation({
    mutationFn: () => api.post('/users/@me/password', { body: { currentPassword, newPassword } }),
    meta: { errorShownInline: true },
    onSuccess: () => {
      setCurrent('');
      setNew('');
      toast('Password changed. Your other sessions were signed out.');
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate();
  };
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
          <form onSubmit={submit} className="max-w-sm space-y-4" noValidate>
            <FormError error={change.error} fields={['currentPassword', 'newPassword']} />
            <PasswordField
              label="Current password"
              name="currentPassword"
              value={currentPassword}
              onChange={setCurrent}
              error={change.error}
            />
            <PasswordField
              label="New password"
              name="newPassword"
              value={newPassword}
              onChange={setNew}
              error={change.error}
              fresh
            />
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </form>
        </Card>
      </div>
    </main>
  );
}
