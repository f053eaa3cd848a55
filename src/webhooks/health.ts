/**
 * An endpoint's health, written with the outcomes that change it: a failure grows its streak and
 * rests it; a success after failures ends the streak and brings its waiting retries forward; an
 * endpoint failing every message for 5 days is disabled with a reason, and the project's owners are
 * told by mail once that has committed.
 */

import { linkMail, sendSystemEmail } from '../auth/system-mail.ts';
import type { Trx } from '../db/index.ts';
import type { Deps } from '../deps.ts';
import { restUntil } from '../lib/failure-streak.ts';
import { getTeam } from '../projects/members/members.service.ts';
import { disableFailingEndpoint, noteEndpointFailure, noteEndpointsRecovered, setEndpointRest } from './health.repo.ts';
import { DISABLE_AFTER_MS, ENDPOINT_REST } from './schedule.ts';

export interface FailureNote {
  endpointId: string;
  at: Date;
}

interface Disabled {
  projectId: string;
  endpointId: string;
  url: string;
  since: string;
}

/** Applies a group's failures and recoveries in `trx`; `announce` (after commit) forgets and mails for endpoints it disabled. */
export async function afterEndpointFailures(
  deps: Deps,
  trx: Trx,
  failures: readonly FailureNote[],
  recovered: readonly string[],
): Promise<{ announce(): Promise<void> }> {
  const disabled: Disabled[] = [];
  // One write per endpoint and group, with the group's last failure time.
  const last = new Map<string, Date>();
  for (const f of failures) last.set(f.endpointId, f.at);
  for (const [endpointId, at] of last) {
    const noted = await noteEndpointFailure(trx, endpointId, at);
    if (!noted?.failingSince) continue;
    const rest = restUntil(ENDPOINT_REST, Number(noted.failureStreak), at);
    if (rest) await setEndpointRest(trx, endpointId, rest);
    const since = new Date(noted.failingSince);
    if (at.getTime() - since.getTime() < DISABLE_AFTER_MS) continue;
    const reason = `Every delivery failed for 5 days (since ${since.toISOString()}).`;
    const off = await disableFailingEndpoint(trx, endpointId, reason, at);
    if (off) disabled.push({ projectId: off.projectId, endpointId, url: off.url, since: since.toISOString() });
  }
  const back = recovered.filter((id) => !last.has(id));
  await noteEndpointsRecovered(trx, back, deps.clock.now());
  return {
    async announce() {
      for (const d of disabled) {
        await deps.caches.forget(d.projectId);
        await mailOwners(deps, d).catch((err: unknown) =>
          deps.log.error(
            { err, endpointId: d.endpointId },
            'could not mail the owners about a disabled webhook endpoint',
          ),
        );
      }
    },
  };
}

async function mailOwners(deps: Deps, d: Disabled): Promise<void> {
  const team = await getTeam(deps, d.projectId);
  const link = { label: 'Open the webhook endpoints', url: new URL('/webhooks', deps.config.baseUrl).href };
  const body = linkMail(
    [
      `Every delivery to your webhook endpoint ${d.url} has failed since ${d.since}, so it has been disabled.`,
      'Messages are kept: enable the endpoint again once it answers, and retry the failed ones from its log.',
    ],
    link,
  );
  for (const m of team.members.filter((m) => m.role === 'OWNER')) {
    await sendSystemEmail(deps, { to: m.email, subject: 'A webhook endpoint was disabled', ...body });
  }
}
