import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthShell } from '../../components/AuthShell.tsx';
import { Button } from '../../components/Button.tsx';
import { FormError } from '../../components/States.tsx';
import { EmailField, PasswordField } from '../../forms/account-fields.tsx';
import { safeNext } from '../../lib/safe-next.ts';
import { accountMutations } from '../../queries/account.ts';
import { useAction } from '../../queries/use-action.ts';

/** Creates an account (a verification link is mailed) and continues to the first project. */
export function SignupPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signup = useAction(accountMutations.signUp(), {
    inline: true,
    onSuccess: () => {
      const next = params.get('next');
      navigate(next ? safeNext(next) : '/new-project', { replace: true });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    signup.mutate({ email, password });
  };
  return (
    <AuthShell
      title={t('Create your account')}
      subtitle={t('Send your first email in a few minutes.')}
      footer={
        <Trans
          i18nKey="Already have an account? <a>Sign in</a>"
          components={{
            a: (
              <Link
                className="font-medium text-brand-700 hover:underline"
                to={`/login${params.size ? `?${params}` : ''}`}
              />
            ),
          }}
        />
      }
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <FormError error={signup.error} fields={['email', 'password']} />
        <EmailField value={email} onChange={setEmail} error={signup.error} />
        <PasswordField value={password} onChange={setPassword} error={signup.error} fresh />
        <Button type="submit" className="w-full" loading={signup.isPending}>
          {t('Create account')}
        </Button>
      </form>
    </AuthShell>
  );
}
