import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthShell } from '../../components/AuthShell.tsx';
import { Button } from '../../components/Button.tsx';
import { FormError } from '../../components/States.tsx';
import { EmailField, PasswordField } from '../../forms/account-fields.tsx';
import { accountMutations } from '../../queries/account.ts';
import { useAction } from '../../queries/use-action.ts';

const backToSignIn = (
  <Link className="font-medium text-brand-700 hover:underline" to="/login">
    Back to sign in
  </Link>
);

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const request = useAction(accountMutations.requestPasswordReset(), { inline: true });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    request.mutate(email);
  };
  return (
    <AuthShell
      title="Reset your password"
      subtitle="We will email you a link to choose a new one."
      footer={backToSignIn}
    >
      {request.isSuccess ? (
        <p role="status" className="text-sm text-slate-700">
          If an account exists for <strong>{email}</strong>, a reset link is on its way. The link works for one hour.
        </p>
      ) : (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <FormError error={request.error} fields={['email']} />
          <EmailField value={email} onChange={setEmail} error={request.error} />
          <Button type="submit" className="w-full" loading={request.isPending}>
            Send reset link
          </Button>
        </form>
      )}
    </AuthShell>
  );
}

/** The page a reset link opens: a new password for the token in the URL. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const reset = useAction(accountMutations.resetPassword(token), { inline: true });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    reset.mutate(password);
  };
  return (
    <AuthShell title="Choose a new password" footer={backToSignIn}>
      {reset.isSuccess ? (
        <p role="status" className="text-sm text-slate-700">
          Your password is changed and every session was signed out.{' '}
          <Link className="font-medium text-brand-700" to="/login">
            Sign in
          </Link>{' '}
          with the new one.
        </p>
      ) : (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <FormError error={reset.error} fields={['password']} />
          <PasswordField label="New password" value={password} onChange={setPassword} error={reset.error} fresh />
          <Button type="submit" className="w-full" loading={reset.isPending} disabled={!token}>
            Set password
          </Button>
          {!token && <p className="text-sm text-red-600">This link has no token. Request a new one.</p>}
        </form>
      )}
    </AuthShell>
  );
}
