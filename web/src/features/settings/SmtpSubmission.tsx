/**
 * Settings → General, "SMTP submission" (beyond.md §6): what an app or device that only speaks SMTP
 * puts in its settings to send through this project (host, port, TLS, any user name, the secret key
 * as the password), or, when the server does not listen for SMTP, how its operator turns it on.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Callout } from '../../components/Callout.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { Card } from '../../components/Layout.tsx';
import { TextLink } from '../../components/Links.tsx';
import { ErrorState, LoadingRows } from '../../components/States.tsx';
import { activeLanguage } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { type SmtpSubmission as Settings, transportQueries } from '../../queries/transports.ts';

export function SmtpSubmission() {
  const { t } = useTranslation();
  const scope = useProject();
  const settings = useQuery(transportQueries.smtpSubmission(scope));
  return (
    <Card title={t('SMTP submission')}>
      {settings.isPending && <LoadingRows rows={3} label={t('Loading the SMTP settings')} />}
      {settings.isError && <ErrorState error={settings.error} retry={() => settings.refetch()} />}
      {settings.data && (settings.data.enabled ? <Enabled settings={settings.data} /> : <Disabled />)}
    </Card>
  );
}

function Enabled({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const { to } = useProject();
  const port = settings.port === null ? '' : String(settings.port);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        {t(
          'Apps and devices that only speak SMTP can send through this project: each recipient becomes an email of the log, under the same rules as the send API (a verified sender domain, suppressions, limits, DKIM, tracking).',
        )}
      </p>
      {settings.insecureAuthAllowed && (
        <div role="note">
          <Callout tone="warning">
            <p>
              {t(
                'This server accepts the password without TLS ({setting}): a client that does not use STARTTLS sends your secret key in clear text. Turn STARTTLS on in every client.',
                { setting: 'SMTP_SUBMISSION_ALLOW_INSECURE' },
              )}
            </p>
          </Callout>
        </div>
      )}
      <dl className="divide-y divide-slate-100">
        <Row label={t('Host')}>
          <Value testId="smtp-host">{settings.host}</Value>
          <CopyButton value={settings.host} label={t('Copy host')} />
        </Row>
        <Row label={t('Port')}>
          <Value testId="smtp-port">{port}</Value>
          <CopyButton value={port} label={t('Copy port')} />
        </Row>
        <Row label={t('Security')} help={settings.tls ? undefined : t('The server has no certificate for STARTTLS.')}>
          <span className="text-sm text-slate-800">
            {settings.tls === 'STARTTLS' ? 'STARTTLS' : t('None', { context: 'security' })}
          </span>
        </Row>
        <Row label={t('User name')} help={t('Any user name works; the password decides the project.')}>
          <Value testId="smtp-username">{settings.username}</Value>
          <CopyButton value={settings.username} label={t('Copy user name')} />
        </Row>
        <Row
          label={t('Password')}
          help={t('AUTH {methods}.', {
            methods: new Intl.ListFormat(activeLanguage(), { type: 'disjunction' }).format(
              settings.authMethods ?? ['PLAIN', 'LOGIN'],
            ),
          })}
        >
          <span className="text-sm text-slate-800">
            <Trans
              i18nKey="Your project's secret key (<code>{key}</code>). It was shown once, when the project was created; if you no longer have it, rotate it in <a>API keys</a> (the old key then stops working everywhere)."
              values={{ key: 'sk_…' }}
              components={{
                code: <code className="font-mono text-xs" />,
                a: <TextLink to={to('settings', 'keys')} />,
              }}
            />
          </span>
        </Row>
      </dl>
    </div>
  );
}

function Disabled() {
  const { t } = useTranslation();
  return (
    <div className="space-y-3 text-sm text-slate-600">
      <p>
        {t('This server does not take mail over SMTP. Its operator turns it on with these settings, then restarts it:')}
      </p>
      <dl className="space-y-2">
        <EnvVar name="SMTP_SUBMISSION_PORT">{t('The port to listen on, e.g. {port}.', { port: '587' })}</EnvVar>
        <EnvVar name="SMTP_SUBMISSION_TLS_CERT">{t('The certificate (PEM) offered with STARTTLS.')}</EnvVar>
        <EnvVar name="SMTP_SUBMISSION_TLS_KEY">{t('Its private key (PEM).')}</EnvVar>
      </dl>
      <p>
        {t(
          'Without a certificate, clients may sign in only when {setting}, which sends the secret key in clear text: keep that for a private network.',
          { setting: 'SMTP_SUBMISSION_ALLOW_INSECURE=true' },
        )}
      </p>
    </div>
  );
}

function EnvVar({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt>
        <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800">{name}</code>
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

function Row({ label, help, children }: { label: string; help?: string; children: ReactNode }) {
  return (
    <div className="grid gap-2 py-3 first:pt-0 last:pb-0 lg:grid-cols-[14rem_minmax(0,1fr)] lg:items-center">
      <dt>
        <div className="text-sm font-medium text-slate-900">{label}</div>
        {help && <div className="text-xs text-slate-500">{help}</div>}
      </dt>
      <dd className="flex min-w-0 items-center gap-2">{children}</dd>
    </div>
  );
}

function Value({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <code
      data-testid={testId}
      className="min-w-0 truncate rounded bg-slate-100 px-2 py-1.5 font-mono text-xs text-slate-800"
    >
      {children}
    </code>
  );
}
