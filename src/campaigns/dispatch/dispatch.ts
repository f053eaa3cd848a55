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
import { toContactView } from '../../contacts/contact-view.ts';
import type { Deps } from '../../deps.ts';
import { type EmailToSend, enqueue } from '../../emails/enqueue.ts';
import { AppError } from '../../errors.ts';
import { defineJobRowKind, JobRowFailure, type StepContext } from '../../jobs/job-row-kind.ts';
import { advanceJobRow, type JobRow, type Lease } from '../../jobs/job-rows.ts';
import { newId } from '../../lib/ids.ts';
import { getSendSettings, type SendSettings } from '../../projects/projects.service.ts';
import { audienceBatches } from '../../segments/audience.ts';
import { composeEmail } from '../../sending/compose.ts';
import { findSuppressed } from '../../suppressions/holds.ts';
import { audienceOf, subscribedOnly } from '../campaign-content.ts';
import { type CampaignRow, findCampaignById } from '../campaigns.repo.ts';
import { type PlannedContact, type RecipientPlan, recipientPlan } from './recipient-plan.ts';

export const FINISH_JOB = 'campaign.finish';
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
  | 'topics'
  | 'suppressionRules'
>;

/** Campaign fan-outs: the audience walked into the outbox, one committed batch at a time. */
export const dispatchKind = defineJobRowKind({
  table: 'campaignDispatches',
  job: 'campaign.dispatch',
  idField: 'campaignId',
  maxAttempts: MAX_DISPATCH_RUNS,
  async step(deps: DispatchDeps, row, lease, ctx) {
    const campaign = await findCampaignById(deps.db, row.id);
    // Cancelled (the cancel ends the row too) or gone: nothing to walk.
    if (campaign?.status !== 'SENDING') throw new JobRowFailure('The campaign is no longer sending.');
    return walk(deps, campaign, row, lease, ctx);
  },
  async ended(deps, campaignId, outcome) {
    if (outcome.status === 'completed') {
      await deps.jobs.enqueue(FINISH_JOB, { campaignId }, { jobKey: finishJobKey(campaignId) });
    }
  },
});

/** Runs (or resumes) a campaign's fan-out; safe to run twice, and a no-op once it has ended. */
export function runDispatch(deps: DispatchDeps, campaignId: string, ctx?: Partial<StepContext>): Promise<void> {
  return dispatchKind.run(deps, campaignId, ctx);
}

/** Walks the audience from the row's cursor, one committed batch at a time; true when it is exhausted. */
async function walk(
  deps: DispatchDeps,
  campaign: CampaignRow,
  job: JobRow<'campaignDispatches'>,
  lease: Lease<'campaignDispatches'>,
  ctx: StepContext,
): Promise<boolean> {
  const { projectId } = campaign;
  const settings = await getSendSettings(deps, projectId);
  const batches = audienceBatches(deps, projectId, {
    audience: audienceOf(campaign),
    cursor: job.cursor,
    upTo: job.maxContactId ?? '',
    limit: ctx.batchSize ?? Math.min(deps.dialect.bulkBatchRows, MAX_BATCH),
    subscribedOnly: subscribedOnly(campaign),
  });
  const plan = recipientPlan(campaign, settings, deps.clock.now());
  let progress = { cursor: job.cursor, queued: job.queued, skipped: job.skipped };
  for await (const batch of batches) {
    const contacts = await plan.ofPhase(deps, batch);
    const emails = await renderBatch(deps, campaign, contacts, settings, plan);
    const next = {
      cursor: batch.at(-1)!.id,
      queued: progress.queued,
      skipped: progress.skipped + contacts.length - emails.length,
    };
    await deps.db.transaction().execute(async (trx) => {
      next.queued += (await enqueue(deps, trx, emails, { skipDuplicates: true })).length;
      await advanceJobRow(trx, deps, lease, next);
    });
    progress = next;
    await nextTurn();
    if (ctx.shouldStop()) return false;
  }
  return true;
}

/** The batch's outbox rows: suppressed addresses dropped, and a recipient whose rendering fails skipped. */
async function renderBatch(
  deps: DispatchDeps,
  campaign: CampaignRow,
  contacts: PlannedContact[],
  settings: SendSettings,
  plan: RecipientPlan,
): Promise<EmailToSend[]> {
  const { projectId } = campaign;
  const suppressed = await findSuppressed(
    deps,
    projectId,
    contacts.map((c) => c.contact.email),
  );
  const out: EmailToSend[] = [];
  for (const { contact: row, message } of contacts) {
    if (suppressed.has(row.email)) continue;
    const id = newId();
    try {
      const contact = toContactView(row);
      const email = await composeEmail(deps, message, { projectId, contact }, settings, id);
      out.push({ ...email, scheduledAt: plan.dueAt(contact.data) });
    } catch (err) {
      // One contact's data that does not render (or renders too large) must not stop the campaign.
      if (!(err instanceof AppError)) throw err;
      deps.log.warn({ campaignId: campaign.id, contactId: row.id, err: err.message }, 'campaign recipient skipped');
    }
  }
  return out;
}
