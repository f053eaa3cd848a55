/**
 * The `campaign.dispatch` job: the fan-out of a SENDING campaign into the outbox. It claims the
 * dispatch row (src/jobs/job-rows.ts) and walks the audience by contact id from the row's cursor up
 * to the id frozen when sending started, one batch at a time: read the next contacts, drop suppressed
 * addresses, render each, and in one transaction insert the rows (a recipient who already has its
 * row, from a replayed batch, is left out by the unique index) and advance the cursor under the
 * lease. A crash loses at most an uncommitted batch, which the next run redoes; a cancel ends the row,
 * so the run's next advance fails and its batch rolls back. Only one batch is in memory at a time.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { findSuppressedEmails } from '../../bounces/suppressions.repo.ts';
import type { Config } from '../../config.ts';
import { toContactView } from '../../contacts/contacts.service.ts';
import type { Executor } from '../../db/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import {
  advanceJobRow,
  claimJobRow,
  finishJobRow,
  handOverJobRow,
  heldUntil,
  type JobRow,
  type JobRowPolicy,
  type Lease,
  LeaseLost,
  noteJobRowError,
} from '../../jobs/job-rows.ts';
import { newId } from '../../lib/ids.ts';
import { getSendSettings } from '../../projects/projects.service.ts';
import { listAudienceAfter } from '../../segments/audience.repo.ts';
import { audienceCondition, loadFilterEnv } from '../../segments/audience.ts';
import { composeEmail, priorityOf } from '../../sending/compose.ts';
import { insertEmails, type StoredEmail } from '../../sending/outbox.repo.ts';
import { messageIdFor } from '../../sending/send.service.ts';
import { audienceOf, campaignMessage, subscribedOnly } from '../campaign-content.ts';
import { type CampaignRow, findCampaignById } from '../campaigns.repo.ts';

export const DISPATCH_JOB = 'campaign.dispatch';
export const FINISH_JOB = 'campaign.finish';
export const dispatchJobKey = (campaignId: string) => `${DISPATCH_JOB}:${campaignId}`;

/** Queues a fan-out run of each campaign (at send, from the sweep, at a hand-over), in `trx` when given. */
export function queueDispatchRuns(deps: Pick<Deps, 'jobs'>, campaignIds: string[], trx?: Executor): Promise<void> {
  return deps.jobs.enqueueMany(
    campaignIds.map((campaignId) => ({
      name: DISPATCH_JOB,
      payload: { campaignId },
      options: { jobKey: dispatchJobKey(campaignId) },
    })),
    { trx },
  );
}
export const finishJobKey = (campaignId: string) => `${FINISH_JOB}:${campaignId}`;

/** Runs (first one included) before a fan-out that keeps being interrupted is failed. */
export const MAX_DISPATCH_RUNS = 10;
/**
 * Recipients per batch: the dialect's bulk size (500 on SQLite, whose statements hold the event loop),
 * capped at 1000 because one multi-row insert binds ~25 values a row and PostgreSQL takes at most
 * 65,535 per statement; a batch's rendered mail is then a few MB at most.
 */
const MAX_BATCH = 1000;

type DispatchDeps = Pick<
  Deps,
  | 'db'
  | 'reader'
  | 'dialect'
  | 'clock'
  | 'config'
  | 'secrets'
  | 'jobs'
  | 'keyCache'
  | 'fieldTypes'
  | 'deliveryWaker'
  | 'log'
>;

export interface DispatchOptions {
  batchSize?: number;
  /**
   * Asked after each committed batch; true ends the run early (the process stops): the row is released
   * and its job queued again, so another worker resumes the walk from the cursor at once.
   */
  shouldStop?: () => boolean;
}

/** How dispatch rows are run. */
export function dispatchPolicy(config: Pick<Config, 'jobLeaseMs'>): JobRowPolicy<'campaignDispatches'> {
  return { table: 'campaignDispatches', maxAttempts: MAX_DISPATCH_RUNS, leaseMs: config.jobLeaseMs };
}

/** Runs (or resumes) a campaign's fan-out; safe to run twice, and a no-op once it has ended. */
export async function runDispatch(deps: DispatchDeps, campaignId: string, opts: DispatchOptions = {}) {
  const policy = dispatchPolicy(deps.config);
  const claimed = await claimJobRow(deps, policy, campaignId);
  if (!claimed) {
    // Another run holds it. If that run died, its lease lapses: look again then, not at the next sweep.
    const until = await heldUntil(deps, policy, campaignId);
    const runAt = until && new Date(until.getTime() + 250);
    if (runAt) await deps.jobs.enqueue(DISPATCH_JOB, { campaignId }, { runAt, jobKey: dispatchJobKey(campaignId) });
    return;
  }
  const { row, lease } = claimed;
  const campaign = await findCampaignById(deps.db, campaignId);
  if (campaign?.status !== 'SENDING') {
    await finishJobRow(deps, lease, { status: 'failed', reason: 'The campaign is no longer sending.' });
    return;
  }
  try {
    if (!(await walk(deps, campaign, row, lease, opts)))
      return handOverJobRow(deps, lease, (trx) => queueDispatchRuns(deps, [campaignId], trx));
  } catch (err) {
    if (err instanceof LeaseLost) return;
    await noteJobRowError(deps, lease, err);
    throw err; // the job runner retries; the sweep re-queues a run that was lost altogether
  }
  if (await finishJobRow(deps, lease, { status: 'completed' })) {
    await deps.jobs.enqueue(FINISH_JOB, { campaignId }, { jobKey: finishJobKey(campaignId) });
  }
}

/** Walks the audience from the row's cursor, one committed batch at a time; true when it is exhausted. */
async function walk(
  deps: DispatchDeps,
  campaign: CampaignRow,
  job: JobRow<'campaignDispatches'>,
  lease: Lease<'campaignDispatches'>,
  opts: DispatchOptions,
): Promise<boolean> {
  const { projectId } = campaign;
  const env = await loadFilterEnv(deps, projectId);
  const where = audienceCondition(audienceOf(campaign), env, { dialect: deps.dialect, projectId });
  const settings = await getSendSettings(deps, projectId);
  const limit = opts.batchSize ?? Math.min(deps.dialect.bulkBatchRows, MAX_BATCH);
  let progress = { cursor: job.cursor, queued: job.queued, skipped: job.skipped };
  for (;;) {
    const range = {
      after: progress.cursor,
      upTo: job.maxContactId ?? '',
      limit,
      subscribedOnly: subscribedOnly(campaign),
    };
    const contacts = await listAudienceAfter(deps.reader, projectId, where, range);
    if (contacts.length === 0) return true;
    const emails = await renderBatch(deps, campaign, contacts, settings);
    const next = {
      cursor: contacts.at(-1)!.id,
      queued: progress.queued,
      skipped: progress.skipped + contacts.length - emails.length,
    };
    await deps.db.transaction().execute(async (trx) => {
      next.queued += (await insertEmails(trx, emails, deps.clock.now(), { skipDuplicates: true })).length;
      await advanceJobRow(trx, deps, lease, next);
    });
    progress = next;
    await deps.deliveryWaker.poke();
    await nextTurn();
    if (opts.shouldStop?.()) return false;
  }
}

/** The batch's outbox rows: suppressed addresses dropped, and a recipient whose rendering fails skipped. */
async function renderBatch(
  deps: DispatchDeps,
  campaign: CampaignRow,
  contacts: Awaited<ReturnType<typeof listAudienceAfter>>,
  settings: Awaited<ReturnType<typeof getSendSettings>>,
): Promise<StoredEmail[]> {
  const { projectId } = campaign;
  const suppressed = await findSuppressedEmails(
    deps.reader,
    projectId,
    contacts.map((c) => c.email),
  );
  const msg = campaignMessage(campaign);
  const out: StoredEmail[] = [];
  for (const row of contacts) {
    if (suppressed.has(row.email)) continue;
    const id = newId();
    try {
      const email = await composeEmail(deps, msg, { projectId, contact: toContactView(row) }, settings, id);
      out.push({
        ...email,
        status: 'PENDING',
        priority: priorityOf('CAMPAIGN'),
        messageId: messageIdFor(id, msg.from.email),
      });
    } catch (err) {
      // One contact's data that does not render (or renders too large) must not stop the campaign.
      if (!(err instanceof AppError)) throw err;
      deps.log.warn({ campaignId: campaign.id, contactId: row.id, err: err.message }, 'campaign recipient skipped');
    }
  }
  return out;
}
