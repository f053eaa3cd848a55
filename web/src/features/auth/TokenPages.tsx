import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { useMe } from '../../api/session.ts';
import { AuthShell } from '../../components/AuthShell.tsx';
import { Button, LinkButton } from '../../components/Button.tsx';
import { accountMutations } from '../../queries/account.ts';
import { useAction } from '../../queries/use-action.ts';

/** Runs `action` once when the page opens (a link's token is spent once, even under StrictMode). */
function useOnce(action: () => void) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    action();
  }, [action]);
}

/** The page a verification link opens: spends the token and says whether it worked. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useAction(accountMutations.verifyEmail(token), { inline: true });
  useOnce(verify.mutate);
  return (
    <AuthShell
      title={t('Verify your email')}
      footer={
        <Link className="font-medium text-brand-700 hover:underline" to="/">
          {t('Go to the dashboard')}
        </Link>
      }
    >
      <div role="status" className="text-sm text-slate-700">
        {verify.isPending && t('Verifying…')}
        {verify.isSuccess && t('Your email address is verified. Thank you!')}
        {verify.isError && (
          <span className="text-red-700">
            {errorMessage(verify.error)} {t('The link may have expired: request a new one from your account page.')}
          </span>
        )}
      </div>
    </AuthShell>
  );
}

/** The page an invitation link opens: a signed-in user with the invited address joins the project. */
export function InvitePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const me = useMe();
  const token = params.get('token') ?? '';
  const here = `/invite?token=${encodeURIComponent(token)}`;
  const accept = useAction(accountMutations.acceptInvite(token), {
    inline: true,
    onSuccess: (result) => navigate(`/p/${result.projectId}`),
  });
  if (me.isPending)
    return (
      <AuthShell title={t('Join a project')}>
        <p className="text-sm">{t('Loading…')}</p>
      </AuthShell>
    );
  if (!me.data) {
    return (
      <AuthShell
        title={t('Join a project')}
        subtitle={t('Sign in or create an account with the invited email address to accept.')}
      >
        <div className="flex gap-2">
          <LinkButton to={`/login?next=${encodeURIComponent(here)}`} className="flex-1">
            {t('Sign in')}
          </LinkButton>
          <LinkButton variant="secondary" to={`/signup?next=${encodeURIComponent(here)}`} className="flex-1">
            {t('Create account')}
          </LinkButton>
        </div>
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t('Join a project')} subtitle={t('You are signed in as {email}.', { email: me.data.email })}>
      {accept.isError && (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {errorMessage(accept.error)}
        </p>
      )}
      <Button className="w-full" onClick={() => accept.mutate()} loading={accept.isPending} disabled={!token}>
        {t('Accept invitation')}
      </Button>
    </AuthShell>
  );
}
