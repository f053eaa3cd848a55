/** Health, metrics access and public configuration facts. */
import { createHash, timingSafeEqual } from 'node:crypto';
import { oauthConfigView } from '../auth/oauth/oauth.service.ts';
import type { Config } from '../config.ts';
import { pingDatabase } from '../db/health.repo.ts';
import type { Deps } from '../deps.ts';
import { forbidden, unauthorized } from '../errors.ts';

/** True when the database answers a trivial query within a second. */
export async function isDatabaseReady(deps: Pick<Deps, 'db'>): Promise<boolean> {
  try {
    await Promise.race([
      pingDatabase(deps.db),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 1000).unref()),
    ]);
    return true;
  } catch {
    return false;
  }
}

/** What a dashboard or client may know about this server without signing in; no secrets, no hosts. */
export function publicConfig(config: Config) {
  return {
    signupsEnabled: !config.disableSignups,
    oauth: oauthConfigView({ config }),
    oidc: { enabled: config.oidc !== undefined, name: config.oidc?.name ?? 'Single sign-on' },
    billing: config.billing !== undefined,
    // Object storage (S3_BUCKET) for uploaded images; false: they are kept under DATA_DIR.
    storage: config.uploads.s3 !== undefined,
    smtp: config.smtpUrl !== undefined,
    mailTransport: config.mailTransport,
    inboundSmtp: config.inboundSmtpPort !== undefined,
  };
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
function isLoopback(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return v4.startsWith('127.') || ip === '::1';
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Who may read /metrics: with METRICS_TOKEN, callers sending `Authorization: Bearer <token>` (401
 * otherwise); without it, loopback clients only (403 otherwise). `ip` is the client address as the
 * proxy settings resolve it, so a local reverse proxy does not make remote callers look local.
 */
export function assertMetricsAccess(config: Pick<Config, 'metricsToken'>, ip: string, authorization?: string): void {
  if (config.metricsToken) {
    // Compared as digests: equal lengths for timingSafeEqual, and no timing hint of the token.
    const ok =
      authorization !== undefined && timingSafeEqual(digest(authorization), digest(`Bearer ${config.metricsToken}`));
    if (!ok) throw unauthorized('UNAUTHORIZED', 'Send "Authorization: Bearer <METRICS_TOKEN>" to read metrics.');
    return;
  }
  if (!isLoopback(ip))
    throw forbidden('Metrics are served to loopback clients only; set METRICS_TOKEN to read them remotely.');
}
