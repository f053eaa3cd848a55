import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useServerConfig } from '../../api/session.ts';
import { AuthShell } from '../../components/AuthShell.tsx';
import { Button, buttonClasses } from '../../components/Button.tsx';
import { FormError } from '../../components/States.tsx';
import { EmailField, PasswordField } from '../../forms/account-fields.tsx';
import { cx } from '../../lib/cx.ts';
import { safeNext } from '../../lib/safe-next.ts';
import { accountMutations } from '../../queries/account.ts';
import { useAction } from '../../queries/use-action.ts';

/** Sign-in with the company's single sign-on when the server has it, with email and password, or with a configured OAuth provider. */
export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const config = useServerConfig();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const next = safeNext(params.get('next'));
  const login = useAction(accountMutations.signIn(), {
    inline: true,
    onSuccess: () => navigate(next, { replace: true }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate({ email, password });
  };
  const oauth = config.data?.oauth;
  const oidc = config.data?.oidc;
  return (
    <AuthShell
      title={t('Sign in')}
      subtitle={t('Welcome back.')}
      footer={
        config.data?.signupsEnabled !== false && (
          <Trans
            i18nKey="No account yet? <a>Create one</a>"
            components={{
              a: (
                <Link
                  className="font-medium text-brand-700 hover:underline"
                  to={`/signup${params.size ? `?${params}` : ''}`}
                />
              ),
            }}
          />
        )
      }
    >
      {oidc?.enabled && (
        <div className="mb-5 space-y-5">
          {/* A page of the server, not the dashboard's: it sends the browser on to the provider. */}
          <a href="/auth/oidc/start" className={cx(buttonClasses('primary', 'md'), 'w-full')}>
            <KeyRound className="size-4" aria-hidden />
            {t('Sign in with {provider}', { provider: oidc.name })}
          </a>
          <p className="flex items-center gap-3 text-xs text-slate-500 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
            {t('or with your password')}
          </p>
        </div>
      )}
      <form onSubmit={submit} className="space-y-4" noValidate>
        <FormError error={login.error} fields={['email', 'password']} />
        <EmailField value={email} onChange={setEmail} error={login.error} />
        <PasswordField value={password} onChange={setPassword} error={login.error} />
        <div className="flex items-center justify-between">
          <Link to="/forgot-password" className="text-sm text-brand-700 hover:underline">
            {t('Forgot your password?')}
          </Link>
        </div>
        <Button type="submit" className="w-full" loading={login.isPending}>
          {t('Sign in')}
        </Button>
      </form>
      {(oauth?.github || oauth?.google) && (
        <div className="mt-5 space-y-2 border-t border-slate-100 pt-5">
          {oauth.github && (
            <a
              href="/auth/oauth/github"
              className="flex h-9 w-full items-center justify-center rounded-md border border-slate-300 text-sm font-medium hover:bg-slate-50"
            >
              {t('Continue with {provider}', { provider: 'GitHub' })}
            </a>
          )}
          {oauth.google && (
            <a
              href="/auth/oauth/google"
              className="flex h-9 w-full items-center justify-center rounded-md border border-slate-300 text-sm font-medium hover:bg-slate-50"
            >
              {t('Continue with {provider}', { provider: 'Google' })}
            </a>
          )}
        </div>
      )}
    </AuthShell>
  );
}
