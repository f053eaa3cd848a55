import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { api, fieldError } from '../../api/client.ts';
import { lastProject, useMe } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/Field.tsx';
import { Badge, Card, PageHeader } from '../../components/Layout.tsx';
import { FormError } from '../../components/States.tsx';
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
      <Link to={back ? `/p/${back}` : '/'} className="text-sm text-brand-700 hover:underline">
        ← Back to the dashboard
      </Link>
      <div className="mt-4">
        <PageHeader title="Your account" description={me.data?.email} />
      </div>
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
            <FormError
              error={
                change.error && !fieldError(change.error, 'newPassword') && !fieldError(change.error, 'currentPassword')
                  ? change.error
                  : null
              }
            />
            <TextInput
              label="Current password"
              type="password"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(e) => setCurrent(e.target.value)}
              error={fieldError(change.error, 'currentPassword')}
            />
            <TextInput
              label="New password"
              type="password"
              autoComplete="new-password"
              value={newPassword}
              onChange={(e) => setNew(e.target.value)}
              error={fieldError(change.error, 'newPassword')}
              hint="At least 8 characters."
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
