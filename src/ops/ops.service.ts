/** Health and public configuration facts. */
import type { Config } from '../config.ts';
import { pingDatabase } from '../db/health.repo.ts';
import type { Deps } from '../deps.ts';

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
    oauth: { google: false, github: false },
    billing: false,
    storage: false,
    smtp: config.smtpUrl !== undefined,
    mailTransport: config.smtpUrl ? 'smtp' : 'capture',
    inboundSmtp: config.inboundSmtpPort !== undefined,
  };
}
