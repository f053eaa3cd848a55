import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { lastProject, sessionQueries, useMe, useServerConfig } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/Field.tsx';
import { Badge, Card, PageHeader } from '../../components/Layout.tsx';
import { BackLink } from '../../components/Links.tsx';
import { ErrorState, FormError, LoadingRows } from '../../components/States.tsx';
import { DraftForm } from '../../forms/DraftForm.tsx';
import { useDraft } from '../../forms/use-draft.ts';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../i18n/languages.ts';
import { toast } from '../../lib/toasts.ts';
import { accountMutations, type PasswordChange } from '../../queries/account.ts';
import { useAction } from '../../queries/use-action.ts';

/** The signed-in user's own settings: email verification, the dashboard's language, how they sign in, and their password. */
export function AccountPage() {
  const { t } = useTranslation();
  const me = useMe();
  const resend = useAction(accountMutations.requestVerification(), {
    inline: true,
    onSuccess: () => toast(t('Verification email sent.')),
  });
  const back = lastProject();
  const methods = useQuery(sessionQueries.signInMethods());
  return (
    <main id="main" className="mx-auto max-w-2xl px-6 py-8">
      <BackLink to={back ? `/p/${back}` : '/'}>{t('Back to the dashboard')}</BackLink>
      <PageHeader title={t('Your account')} description={me.data?.email} />
      <div className="space-y-6">
        <Card title={t('Email address')}>
          <div className="flex items-center justify-between gap-4 text-sm">
            <span>
              {me.data?.email}{' '}
              {me.data?.emailVerified ? (
                <Badge tone="green">{t('Verified', { context: 'address' })}</Badge>
              ) : (
                <Badge tone="yellow">{t('Not verified')}</Badge>
              )}
            </span>
            {me.data && !me.data.emailVerified && (
              <Button size="sm" variant="secondary" onClick={() => resend.mutate()} loading={resend.isPending}>
                {t('Resend verification email')}
              </Button>
            )}
          </div>
          <FormError error={resend.error} />
        </Card>
        <Card
          title={
            <span className="flex items-center gap-1.5">
              <Languages className="size-4 text-slate-500" aria-hidden />
              {t('Language')}
            </span>
          }
        >
          <LanguageChoice />
        </Card>
        <Card title={t('How you sign in')}>
          <SignInMethods />
        </Card>
        {/* An account made through single sign-on or OAuth has no password to change. */}
        {methods.data?.password !== false && (
          <Card title={t('Change password')}>
            <PasswordForm />
          </Card>
        )}
      </div>
    </main>
  );
}

/**
 * The dashboard's language for this account, saved as soon as it is chosen: "Browser default"
 * (null) or one of the dashboard's languages, each named in itself. The card's heading, which the
 * select is named by too, carries a language icon, so someone who cannot read the current language
 * still finds it. Once the account is refreshed, i18n/LanguageRoot.tsx switches the dashboard.
 */
function LanguageChoice() {
  const { t } = useTranslation();
  const me = useMe();
  const id = useId();
  const save = useAction(accountMutations.setLanguage(), { inline: true });
  // While the choice is saved, the select already shows it.
  const value = save.isPending ? (save.variables ?? '') : (me.data?.language ?? '');
  return (
    <div className="max-w-sm space-y-1">
      <label htmlFor={id} className="sr-only">
        {t('Language')}
      </label>
      <select
        id={id}
        value={value}
        disabled={!me.data}
        aria-busy={save.isPending || undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => save.mutate(isLanguage(e.target.value) ? e.target.value : null)}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:bg-slate-50 disabled:text-slate-500"
      >
        <option value="">{t('Browser default')}</option>
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {t(
          'The language of the dashboard for your account. Browser default follows the language your browser prefers.',
        )}
      </p>
      <FormError error={save.error} />
    </div>
  );
}

const OAUTH_NAMES: Record<string, string> = { github: 'GitHub', google: 'Google' };

/** The ways this account can sign in, each with what it means. */
function SignInMethods() {
  const { t } = useTranslation();
  const query = useQuery(sessionQueries.signInMethods());
  const config = useServerConfig();
  if (query.isPending) return <LoadingRows rows={2} label={t('Loading how you sign in')} />;
  if (query.isError) return <ErrorState error={query.error} retry={() => query.refetch()} />;
  const sso = config.data?.oidc.name;
  const methods = [
    query.data.password && {
      key: 'password',
      label: t('Password'),
      hint: t('Your email address and password.'),
    },
    query.data.oidc && {
      key: 'oidc',
      label: t('Single sign-on'),
      // The server's name for its sign-on, unless it is the generic one (English, as the server says it).
      hint:
        sso && sso !== 'Single sign-on'
          ? t("Through {sso}, your company's sign-in.", { sso })
          : t("Through your company's sign-in."),
    },
    ...query.data.oauth.map((provider) => ({
      key: provider,
      label: OAUTH_NAMES[provider] ?? provider,
      hint: t('Your {provider} account.', { provider: OAUTH_NAMES[provider] ?? provider }),
    })),
  ].filter((m) => m !== false);
  if (methods.length === 0)
    return <p className="text-sm text-slate-500">{t('No way to sign in is set up for this account.')}</p>;
  return (
    <ul aria-label={t('Sign-in methods')} className="space-y-2 text-sm">
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
        <li className="pt-1 text-slate-500">{t('This account has no password, so there is none to change.')}</li>
      )}
    </ul>
  );
}

const NO_PASSWORDS: PasswordChange = { currentPassword: '', newPassword: '' };

/** The current password and a new one; the fields empty again once it is changed. */
function PasswordForm() {
  const { t } = useTranslation();
  const change = useAction(accountMutations.changePassword(), {
    inline: true,
    onSuccess: () => toast(t('Password changed. Your other sessions were signed out.')),
  });
  const d = useDraft(NO_PASSWORDS, {
    save: change,
    toBody: (draft) => draft,
    leaveMessage: t('Your password is not changed yet. Leave anyway?'),
  });
  const password = (key: keyof PasswordChange, label: string, fresh = false) => (
    <TextInput
      label={label}
      type="password"
      autoComplete={fresh ? 'new-password' : 'current-password'}
      required
      hint={fresh ? t('At least 8 characters.') : undefined}
      {...d.text(key)}
    />
  );
  return (
    <DraftForm draft={d} submitLabel={t('Change password')} className="max-w-sm space-y-4">
      {password('currentPassword', t('Current password'))}
      {password('newPassword', t('New password'), true)}
    </DraftForm>
  );
}
