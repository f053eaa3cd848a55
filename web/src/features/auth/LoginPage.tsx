import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useServerConfig } from '../../api/session.ts';
import { AuthShell } from '../../components/AuthShell.tsx';
import { Button } from '../../components/Button.tsx';
import { FormError } from '../../components/States.tsx';
import { EmailField, PasswordField } from '../../forms/account-fields.tsx';
import { safeNext } from '../../lib/safe-next.ts';
import { accountMutations } from '../../queries/account.ts';
import { useAction } from '../../queries/use-action.ts';

/** Sign-in with email and password, or with a configured OAuth provider. */
export function LoginPage() {
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
  return (
    <AuthShell
      title="Sign in"
      subtitle="Welcome back."
      footer={
        config.data?.signupsEnabled !== false && (
          <>
            No account yet?{' '}
            <Link
              className="font-medium text-brand-700 hover:underline"
              to={`/signup${params.size ? `?${params}` : ''}`}
            >
              Create one
            </Link>
          </>
        )
      }
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <FormError error={login.error} fields={['email', 'password']} />
        <EmailField value={email} onChange={setEmail} error={login.error} />
        <PasswordField value={password} onChange={setPassword} error={login.error} />
        <div className="flex items-center justify-between">
          <Link to="/forgot-password" className="text-sm text-brand-700 hover:underline">
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" className="w-full" loading={login.isPending}>
          Sign in
        </Button>
      </form>
      {(oauth?.github || oauth?.google) && (
        <div className="mt-5 space-y-2 border-t border-slate-100 pt-5">
          {oauth.github && (
            <a
              href="/auth/oauth/github"
              className="flex h-9 w-full items-center justify-center rounded-md border border-slate-300 text-sm font-medium hover:bg-slate-50"
            >
              Continue with GitHub
            </a>
          )}
          {oauth.google && (
            <a
              href="/auth/oauth/google"
              className="flex h-9 w-full items-center justify-center rounded-md border border-slate-300 text-sm font-medium hover:bg-slate-50"
            >
              Continue with Google
            </a>
          )}
        </div>
      )}
    </AuthShell>
  );
}
