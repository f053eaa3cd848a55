/** Settings of sending domains and sender reputation: DNS checks, the records asked for, suspension, SNS. */
import { isIP } from 'node:net';
import { type Static, Type } from 'typebox';
import { Setting } from './settings.ts';

export const DomainSettings = Type.Object({
  dnsServers: Setting.list('DNS_SERVERS'),
  /** Per-try DNS timeout; a slow resolver must not hold a request for long. */
  dnsTimeoutMs: Setting.int('DNS_TIMEOUT_MS', 2500, 50, 30_000),
  /** SPF mechanism domain of the relay that sends for us (e.g. `spf.relay.example`), published as `include:`. */
  spfInclude: Setting.optionalText('SPF_INCLUDE'),
  /** Optional bounce (return-path) host under each sending domain and the MX it must point at. */
  returnPath: Type.Optional(
    Type.Object(
      { host: Setting.text('RETURN_PATH_HOST'), mx: Setting.text('RETURN_PATH_MX') },
      { presentWhen: 'host', together: [['host', 'mx']] },
    ),
  ),
  /** Refuse senders on unverified domains; default on, except with the capture outbox (local use). */
  requireVerifiedDomain: Setting.flag('REQUIRE_VERIFIED_DOMAIN'),
  /** Automatic suspension (docs/project-safety.md): window, thresholds and the volume below which it never fires. */
  suspension: Type.Object({
    windowDays: Setting.int('SUSPENSION_WINDOW_DAYS', 7, 1, 90),
    bounceRate: Setting.fraction('SUSPEND_BOUNCE_RATE', 0.05),
    complaintRate: Setting.fraction('SUSPEND_COMPLAINT_RATE', 0.001),
    minVolume: Setting.int('SUSPEND_MIN_VOLUME', 500, 1, 100_000_000),
  }),
  /** SNS topics whose notifications /webhooks/sns accepts; empty: none are accepted. */
  snsTopicArns: Setting.list('SNS_TOPIC_ARNS'),
  /** Hosts SNS signing certificates may be fetched from; default: AWS's `sns.<region>.amazonaws.com` hosts. */
  snsCertHosts: Setting.list('SNS_CERT_HOSTS'),
});
export type DomainConfig = Static<typeof DomainSettings>;

/** Checks each DNS server entry; verified domains are required unless mail is only captured. */
export function finishDomains(c: DomainConfig, mailTransport: string, problems: string[]): void {
  for (const s of c.dnsServers) if (!isDnsServer(s)) problems.push(`DNS_SERVERS entry "${s}" is not an IP or IP:port`);
  c.requireVerifiedDomain ??= mailTransport !== 'capture';
}

function isDnsServer(value: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(value);
  if (bracketed) return isIP(bracketed[1]!) === 6;
  if (isIP(value)) return true;
  const m = /^([^:]+):(\d{1,5})$/.exec(value);
  return m !== null && isIP(m[1]!) === 4 && Number(m[2]) <= 65535;
}
