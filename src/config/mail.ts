/** Settings of outgoing mail: the transport, delivery, the system sender, and inbound SMTP. */
import { type Static, Type } from 'typebox';
import { Setting } from './settings.ts';

export const MailTransportKind = Type.Enum(['capture', 'smtp', 'ses']);
export type MailTransportKind = Static<typeof MailTransportKind>;

export const MailSettings = Type.Object({
  /** Where outgoing mail goes: `capture` (stored, GET /outbox), `smtp` (SMTP_URL) or `ses` (SES v2 API). */
  mailTransport: Setting.choice('MAIL_TRANSPORT', ['capture', 'smtp', 'ses'], undefined, {
    lowercase: true,
    problem: 'must be capture, smtp or ses',
  }),
  smtpUrl: Setting.optionalText('SMTP_URL', {
    pattern: '^smtps?://[^/]+',
    problem: 'must look like smtp://user:pass@host:port',
    quote: false,
  }),
  /** Connections of the SMTP pool per process. */
  smtpPoolSize: Setting.int('SMTP_POOL_SIZE', 5, 1, 100),
  /** SES v2 settings (MAIL_TRANSPORT=ses); credentials come from the AWS variables when not given here. */
  ses: Type.Object({
    region: Setting.text(['SES_REGION', 'AWS_REGION'], ''),
    endpoint: Setting.optionalUrl('SES_ENDPOINT', false),
    accessKeyId: Setting.optionalText('AWS_ACCESS_KEY_ID'),
    secretAccessKey: Setting.optionalText('AWS_SECRET_ACCESS_KEY'),
    configurationSet: Setting.optionalText('SES_CONFIGURATION_SET'),
  }),
  /** Emails per second a project sends when its own setting is unset. */
  sendRatePerSecond: Setting.int('SEND_RATE_PER_SECOND', 100, 1, 100_000),
  /** Messages one delivery worker hands to the transport at once. */
  deliveryConcurrency: Setting.int('DELIVERY_CONCURRENCY', 20, 1, 500),
  /** Outbox rows one claim takes. */
  deliveryBatchSize: Setting.int('DELIVERY_BATCH_SIZE', 100, 1, 5000),
  /** How long a claimed outbox row is held without renewal; a killed worker's rows come back after it. */
  deliveryLeaseMs: Setting.int('DELIVERY_LEASE_SECONDS', 30, 5, 600, 1000),
  /** Sends of one email before a temporary failure becomes FAILED. */
  deliveryMaxAttempts: Setting.int('DELIVERY_MAX_ATTEMPTS', 8, 1, 50),
  /** Total decoded attachment bytes one /v1/send may carry. */
  attachmentsMaxBytes: Setting.int('ATTACHMENTS_MAX_BYTES', 10 * 1024 * 1024, 1024, 40 * 1024 * 1024),
  /** Sender of account mail (verification, password reset, invitations). */
  systemEmail: Type.Object({
    /** Default: no-reply@ the host of BASE_URL. */
    from: Setting.text('SYSTEM_EMAIL_FROM', undefined, {
      pattern: '^[^\\s@<>"]+@[^\\s@<>"]+$',
      problem: 'must be an email address',
      lowercase: true,
    }),
    name: Setting.text('SYSTEM_EMAIL_NAME', 'Mailwright', {
      pattern: '^[^\\r\\n]*$',
      problem: 'must be one line',
      quote: false,
    }),
  }),
  inboundSmtpPort: Setting.optionalInt('INBOUND_SMTP_PORT', 1, 65535),
  /** SMTP submission (beyond.md §6): off unless a port is set. */
  submission: Type.Object({
    port: Setting.optionalInt('SMTP_SUBMISSION_PORT', 1, 65535),
    /** The certificate and key for STARTTLS: a PEM file's path, or the PEM itself. */
    tlsCert: Setting.optionalText('SMTP_SUBMISSION_TLS_CERT', { quote: false }),
    tlsKey: Setting.optionalText('SMTP_SUBMISSION_TLS_KEY', { quote: false }),
    /** AUTH before STARTTLS (the key crosses the network in clear): for loopback and tests only. */
    allowInsecure: Setting.flag('SMTP_SUBMISSION_ALLOW_INSECURE', false),
    /** The host name users connect to, shown in the dashboard; default: the host of BASE_URL. */
    publicHost: Setting.optionalText('SMTP_SUBMISSION_HOST', {
      pattern: '^[A-Za-z0-9.:\\[\\]-]+$',
      problem: 'must be a host name',
    }),
  }),
});
export type MailConfig = Static<typeof MailSettings>;

/** The transport's default (smtp when SMTP_URL is set), what each transport needs, and the system sender's default. */
export function finishMail(c: MailConfig, baseUrl: string, problems: string[]): void {
  c.mailTransport ??= c.smtpUrl ? 'smtp' : 'capture';
  if (c.mailTransport === 'smtp' && !c.smtpUrl) problems.push('MAIL_TRANSPORT=smtp needs SMTP_URL');
  if (c.mailTransport === 'ses' && !c.ses.region) problems.push('MAIL_TRANSPORT=ses needs SES_REGION (or AWS_REGION)');
  let host = 'localhost';
  try {
    host = new URL(baseUrl).hostname;
  } catch {
    // BASE_URL is reported by its own setting.
  }
  c.systemEmail.from ??= `no-reply@${host}`.toLowerCase();
  const sub = c.submission;
  if (sub.port !== undefined && (sub.tlsCert === undefined) !== (sub.tlsKey === undefined)) {
    problems.push('SMTP_SUBMISSION_TLS_CERT and SMTP_SUBMISSION_TLS_KEY go together');
  }
  if (sub.port !== undefined && sub.tlsCert === undefined && !sub.allowInsecure) {
    // Without a certificate there is no STARTTLS, and AUTH would carry secret keys in clear.
    problems.push(
      'SMTP_SUBMISSION_PORT needs SMTP_SUBMISSION_TLS_CERT and _KEY, or SMTP_SUBMISSION_ALLOW_INSECURE=true',
    );
  }
  sub.publicHost ??= host;
}
