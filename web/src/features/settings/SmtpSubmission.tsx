/**
 * Settings → General, "SMTP submission" (beyond.md §6): what an app or device that only speaks SMTP
 * puts in its settings to send through this project (host, port, TLS, any user name, the secret key
 * as the password), or, when the server does not listen for SMTP, how its operator turns it on.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Callout } from '../../components/Callout.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { Card } from '../../components/Layout.tsx';
import { TextLink } from '../../components/Links.tsx';
import { ErrorState, LoadingRows } from '../../components/States.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { type SmtpSubmission as Settings, transportQueries } from '../../queries/transports.ts';

export function SmtpSubmission() {
  const scope = useProject();
  const settings = useQuery(transportQueries.smtpSubmission(scope));
  return (
    <Card title="SMTP submission">
      {settings.isPending && <LoadingRows rows={3} label="Loading the SMTP settings" />}
      {settings.isError && <ErrorState error={settings.error} retry={() => settings.refetch()} />}
      {settings.data && (settings.data.enabled ? <Enabled settings={settings.data} /> : <Disabled />)}
    </Card>
  );
}

function Enabled({ settings }: { settings: Settings }) {
  const { to } = useProject();
  const port = settings.port === null ? '' : String(settings.port);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Apps and devices that only speak SMTP can send through this project: each recipient becomes an email of the log,
        under the same rules as the send API (a verified sender domain, suppressions, limits, DKIM, tracking).
      </p>
      {settings.insecureAuthAllowed && (
        <div role="note">
          <Callout tone="warning">
            <p>
              This server accepts the password without TLS (SMTP_SUBMISSION_ALLOW_INSECURE): a client that does not use
              STARTTLS sends your secret key in clear text. Turn STARTTLS on in every client.
            </p>
          </Callout>
        </div>
      )}
      <dl className="divide-y divide-slate-100">
        <Row label="Host">
          <Value testId="smtp-host">{settings.host}</Value>
          <CopyButton value={settings.host} label="Copy host" />
        </Row>
        <Row label="Port">
          <Value testId="smtp-port">{port}</Value>
          <CopyButton value={port} label="Copy port" />
        </Row>
        <Row label="Security" help={settings.tls ? undefined : 'The server has no certificate for STARTTLS.'}>
          <span className="text-sm text-slate-800">{settings.tls === 'STARTTLS' ? 'STARTTLS' : 'None'}</span>
        </Row>
        <Row label="User name" help="Any user name works; the password decides the project.">
          <Value testId="smtp-username">{settings.username}</Value>
          <CopyButton value={settings.username} label="Copy user name" />
        </Row>
        <Row label="Password" help={`AUTH ${(settings.authMethods ?? ['PLAIN', 'LOGIN']).join(' or ')}.`}>
          <span className="text-sm text-slate-800">
            Your project's secret key (<code className="font-mono text-xs">sk_…</code>). It was shown once, when the
            project was created; if you no longer have it, rotate it in{' '}
            <TextLink to={to('settings', 'keys')}>API keys</TextLink> (the old key then stops working everywhere).
          </span>
        </Row>
      </dl>
    </div>
  );
}

function Disabled() {
  return (
    <div className="space-y-3 text-sm text-slate-600">
      <p>This server does not take mail over SMTP. Its operator turns it on with these settings, then restarts it:</p>
      <dl className="space-y-2">
        <EnvVar name="SMTP_SUBMISSION_PORT">The port to listen on, e.g. 587.</EnvVar>
        <EnvVar name="SMTP_SUBMISSION_TLS_CERT">The certificate (PEM) offered with STARTTLS.</EnvVar>
        <EnvVar name="SMTP_SUBMISSION_TLS_KEY">Its private key (PEM).</EnvVar>
      </dl>
      <p>
        Without a certificate, clients may sign in only when SMTP_SUBMISSION_ALLOW_INSECURE=true, which sends the secret
        key in clear text: keep that for a private network.
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
