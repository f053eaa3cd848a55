/**
 * A campaign's A/B test as it goes out (beyond.md §9). The test group is chosen in the transaction
 * that starts the send (ab.repo.ts), and the fan-out walks it first (phase TESTING). Once every test
 * email was handed over the campaign WAITs: an AUTO test for `waitMinutes` after the last one (its
 * decide job is queued in the same transaction), a MANUAL one for POST /winner. Choosing the winner
 * moves the phase, restarts the fan-out from the start of the same frozen audience and queues it, all
 * in one transaction; the walk leaves the test group out and the outbox's unique index per campaign
 * and contact keeps a replayed batch from mailing anyone twice.
 */
import type { Expression, SqlBool } from 'kysely';
import type { Executor } from '../../db/index.ts';
import type { Deps } from '../../deps.ts';
import { conflict, invalid } from '../../errors.ts';
import { percent } from '../../lib/percent.ts';
import { aggregateVariantEmails, type CampaignRow, findCampaignById } from '../campaigns.repo.ts';
import type { CampaignView, WinnerBody } from '../campaigns.schemas.ts';
import { campaignView, getCampaignRow } from '../campaigns.service.ts';
import { endTestPhase, restartDispatch } from '../dispatch/dispatch.repo.ts';
import { dispatchKind } from '../dispatch/dispatch.ts';
import * as repo from './ab.repo.ts';
import { abSettings, storedVariants } from './variants.ts';

export const DECIDE_JOB = 'campaign.ab.decide';
const decideJobKey = (campaignId: string) => `${DECIDE_JOB}:${campaignId}`;
const MINUTE_MS = 60_000;

type AbDeps = Pick<Deps, 'db' | 'jobs' | 'clock'>;

/** The test group's size: `testPercent` of the audience, at least one recipient a variant. */
function testGroupSize(audience: number, testPercent: number, variants: number): number {
  return Math.min(audience, Math.max(variants, Math.round((audience * testPercent) / 100)));
}

/** 422 when an A/B campaign's audience is smaller than its variants (each needs one test recipient). */
export function assertTestable(c: CampaignRow, audience: number): void {
  const n = storedVariants(c).length;
  if (n > 0 && audience < n)
    throw invalid(
      'variants',
      `The audience (${audience}) is smaller than the ${n} variants to test.`,
      'TOO_FEW_RECIPIENTS',
    );
}

/**
 * In the transaction that starts the send: the test group chosen and stored. `where` is the audience
 * condition over `contacts` as the fan-out will walk it (frozen bound, subscribed, not suppressed).
 */
export async function chooseTestGroup(
  trx: Executor,
  c: CampaignRow,
  where: Expression<SqlBool>,
  audience: number,
): Promise<void> {
  const settings = abSettings(c);
  const variants = storedVariants(c).length;
  if (!settings || variants === 0) return;
  const size = testGroupSize(audience, settings.testPercent, variants);
  // A send cancelled back to DRAFT before anything went out may have left one behind.
  await repo.deleteTestGroup(trx, c.id);
  await repo.insertTestGroup(trx, { campaignId: c.id, projectId: c.projectId, where, size, variants });
}

/**
 * TESTING → WAITING once every test email was handed over; for AUTO with `decideAt` = the last one's
 * hand-over + `waitMinutes` and the decide job queued for then, in the same transaction. True when it moved.
 */
export async function endTest(deps: AbDeps, campaignId: string): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const moved = await endTestPhase(trx, campaignId, now);
    const settings = moved && abSettings(moved);
    if (!settings) return false;
    if (settings.decidedBy === 'MANUAL') return true;
    const last = (await repo.findLastSentAt(trx, campaignId)) ?? now;
    const decideAt = new Date(last.getTime() + settings.waitMinutes * MINUTE_MS);
    await repo.moveAbPhase(trx, campaignId, 'WAITING', { abDecideAt: decideAt });
    await deps.jobs.enqueue(DECIDE_JOB, { campaignId }, { trx, runAt: decideAt, jobKey: decideJobKey(campaignId) });
    return true;
  });
}

/** The variant whose unique rate of the test's metric is highest among the test emails; ties: the first. */
async function bestVariant(deps: Pick<Deps, 'db'>, c: CampaignRow): Promise<string | undefined> {
  const settings = abSettings(c);
  const variants = storedVariants(c);
  if (!settings || variants.length === 0) return undefined;
  const counts = await aggregateVariantEmails(deps.db, c.projectId, c.id);
  let best: { name: string; rate: number } | undefined;
  for (const { name } of variants) {
    const n = counts.get(name) ?? { sent: 0, opened: 0, clicked: 0 };
    const rate = percent(settings.metric === 'OPENS' ? n.opened : n.clicked, n.sent);
    if (!best || rate > best.rate) best = { name, rate };
  }
  return best?.name;
}

/** The decide job: an AUTO test whose wait is over picks its winner; early (a clock ahead) it comes back. */
export async function decideWinner(deps: AbDeps, campaignId: string): Promise<void> {
  const c = await findCampaignById(deps.db, campaignId);
  if (c?.status !== 'SENDING' || c.abPhase !== 'WAITING' || abSettings(c)?.decidedBy !== 'AUTO') return;
  const at = c.abDecideAt ? new Date(c.abDecideAt) : deps.clock.now();
  if (at > deps.clock.now()) {
    await deps.jobs.enqueue(DECIDE_JOB, { campaignId }, { runAt: at, jobKey: decideJobKey(campaignId) });
    return;
  }
  const winner = await bestVariant(deps, c);
  if (winner) await sendWinner(deps, c.id, winner);
}

/** WAITING → SENDING_WINNER with the fan-out restarted and queued, in one transaction; undefined if it moved on. */
async function sendWinner(deps: AbDeps, campaignId: string, winner: string) {
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const set = { abPhase: 'SENDING_WINNER' as const, abWinner: winner, updatedAt: now };
    const moved = await repo.moveAbPhase(trx, campaignId, 'WAITING', set);
    if (!moved) return undefined;
    await restartDispatch(trx, campaignId, now);
    await dispatchKind.queue(deps, [campaignId], trx);
    return moved;
  });
}

/** POST /campaigns/:id/winner: 409 unless the test is WAITING, 422 for a name no variant has. */
export async function chooseWinner(
  deps: AbDeps & Pick<Deps, 'reader'>,
  projectId: string,
  id: string,
  body: WinnerBody,
): Promise<CampaignView> {
  const c = await getCampaignRow(deps, projectId, id);
  const waiting = () =>
    conflict(`A winner can be chosen only while the test waits (its phase is ${c.abPhase ?? 'none'}).`);
  if (c.status !== 'SENDING' || c.abPhase !== 'WAITING') throw waiting();
  if (!storedVariants(c).some((v) => v.name === body.variant))
    throw invalid('variant', `no variant is named "${body.variant}"`, 'UNKNOWN_VARIANT');
  if (!(await sendWinner(deps, id, body.variant))) throw waiting();
  return campaignView(deps, await getCampaignRow({ reader: deps.db }, projectId, id));
}

/** The tick's catch-up: AUTO tests whose wait is over, whatever happened to their decide job. */
export async function decideDueTests(deps: AbDeps, limit: number): Promise<void> {
  for (const id of await repo.listDueDecisions(deps.db, deps.clock.now(), limit)) await decideWinner(deps, id);
}
