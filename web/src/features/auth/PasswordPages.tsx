import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AuthShell } from '../../components/AuthShell.tsx';
import { Button } from '../../components/Button.tsx';
import { FormError } from '../../components/States.tsx';
import { EmailField, PasswordField } from '../../forms/account-fields.tsx';
import { accountMutations } from '../../queries/account.ts';
import { useAction } from '../../queries/use-action.ts';

function BackToSignIn() {
  const { t } = useTranslation();
  return (
    <Link className="font-medium text-brand-700 hover:underline" to="/login">
      {t('Back to sign in')}
    </Link>
  );
}

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const request = useAction(accountMutations.requestPasswordReset(), { inline: true });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    request.mutate(email);
  };
  return (
    <AuthShell
      title={t('Reset your password')}
      subtitle={t('We will email you a link to choose a new one.')}
      footer={<BackToSignIn />}
    >
      {request.isSuccess ? (
        <p role="status" className="text-sm text-slate-700">
          <Trans
            i18nKey="If an account exists for <strong>{email}</strong>, a reset link is on its way. The link works for one hour."
            values={{ email }}
            components={{ strong: <strong /> }}
          />
        </p>
      ) : (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <FormError error={request.error} fields={['email']} />
          <EmailField value={email} onChange={setEmail} error={request.error} />
          <Button type="submit" className="w-full" loading={request.isPending}>
            {t('Send reset link')}
          </Button>
        </form>
      )}
    </AuthShell>
  );
}

/** The page a reset link opens: a new password for the token in the URL. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const reset = useAction(accountMutations.resetPassword(token), { inline: true });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    reset.mutate(password);
  };
  return (
    <AuthShell title={t('Choose a new password')} footer={<BackToSignIn />}>
      {reset.isSuccess ? (
        <p role="status" className="text-sm text-slate-700">
          <Trans
            i18nKey="Your password is changed and every session was signed out. <a>Sign in</a> with the new one."
            components={{ a: <Link className="font-medium text-brand-700" to="/login" /> }}
          />
        </p>
      ) : (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <FormError error={reset.error} fields={['password']} />
          <PasswordField label={t('New password')} value={password} onChange={setPassword} error={reset.error} fresh />
          <Button type="submit" className="w-full" loading={reset.isPending} disabled={!token}>
            {t('Set password')}
          </Button>
          {!token && <p className="text-sm text-red-600">{t('This link has no token. Request a new one.')}</p>}
        </form>
      )}
    </AuthShell>
  );
}
