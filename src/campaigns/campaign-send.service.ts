/**
 * A campaign's send: now or at a time, the scheduler's start of a due campaign, the end of sending,
 * cancelling, and test sends. Every move is a conditional update; starting one writes the campaign's
 * SENDING state, its fan-out row and the fan-out job in one transaction, so a crash leaves either a
 * campaign that has not started or one whose fan-out a sweep will find.
 */
import type { Expression, SqlBool } from 'kysely';
import { releaseSends, reserveSends } from '../billing/usage.service.ts';
import { findContactIdByEmail, getContact } from '../contacts/contacts.service.ts';
import { normalizeEmail } from '../contacts/email.ts';
import { toJson } from '../db/codecs.ts';
import type { Deps } from '../deps.ts';
import { assertVerifiedSender } from '../domains/domains.service.ts';
import { enqueue } from '../emails/enqueue.ts';
import { cancelCampaignEmails, deleteCampaignEmails } from '../emails/transitions.ts';
import { conflict, invalid } from '../errors.ts';
import { endJobRow } from '../jobs/job-rows.ts';
import { newId } from '../lib/ids.ts';
import { getSendSettings } from '../projects/projects.service.ts';
import { audienceCondition, countAudienceContacts, loadFilterEnv, newestContactId } from '../segments/audience.ts';
import { composeEmail } from '../sending/compose.ts';
import { deleteTestGroup } from './ab/ab.repo.ts';
import { assertTestable, chooseTestGroup, endTest } from './ab/ab-send.service.ts';
import { audienceOf, campaignMessage, subscribedOnly } from './campaign-content.ts';
import * as repo from './campaigns.repo.ts';
import type { AudiencePreview, AudiencePreviewBody, SendCampaignBody, TestCampaignBody } from './campaigns.schemas.ts';
import { checkedAudience, getCampaignRow } from './campaigns.service.ts';
import * as dispatch from './dispatch/dispatch.repo.ts';
import { dispatchKind, FINISH_JOB, finishJobKey } from './dispatch/dispatch.ts';
import { type LocalSend, localSendOf } from './local-send.ts';

export const START_JOB = 'campaign.start';
const startJobKey = (campaignId: string) => `${START_JOB}:${campaignId}`;
/** While the last rows of a walked campaign go out, how often its end is checked again. */
const FINISH_RECHECK_MS = 2000;

type SendDeps = Pick<Deps, 'db' | 'reader' | 'dialect' | 'jobs' | 'clock' | 'config' | 'topics' | 'verifiedDomains'>;
type Recipients = { upTo: string; count: number; where?: Expression<SqlBool> };

/** The audience bound (highest contact id now) and how many recipients the fan-out would send to. */
export async function countRecipients(
  deps: Pick<SendDeps, 'reader' | 'dialect' | 'clock' | 'topics'>,
  c: repo.CampaignRow,
): Promise<Recipients> {
  const upTo = await newestContactId(deps, c.projectId);
  if (upTo === '') return { upTo, count: 0 };
  const env = await loadFilterEnv(deps, c.projectId);
  const where = audienceCondition(audienceOf(c), env, { dialect: deps.dialect, projectId: c.projectId });
  const scoped = dispatch.recipientsWhere(where, {
    upTo,
    subscribedOnly: subscribedOnly(c),
    dialect: deps.dialect,
    now: deps.clock.now(),
  });
  return { upTo, count: await countAudienceContacts(deps, c.projectId, scoped), where: scoped };
}

/**
 * Who an audience (as a campaign body gives it, not saved) selects now, and how many of them a send
 * now would reach: the editor's live count. 422 as a save would answer for a bad segment or filter.
 */
export async function previewAudience(
  deps: Pick<Deps, 'reader' | 'dialect' | 'clock' | 'topics'>,
  projectId: string,
  body: AudiencePreviewBody,
): Promise<AudiencePreview> {
  const checked = await checkedAudience(deps, projectId, body);
  const upTo = await newestContactId(deps, projectId);
  if (upTo === '') return { matching: 0, recipients: 0 };
  const env = await loadFilterEnv(deps, projectId);
  const audience = audienceOf({ audienceType: body.audienceType, ...checked });
  const where = audienceCondition(audience, env, { dialect: deps.dialect, projectId });
  const subscribed = subscribedOnly({ emailType: body.emailType ?? 'MARKETING' });
  const [matching, recipients] = await Promise.all([
    countAudienceContacts(deps, projectId, where),
    countAudienceContacts(
      deps,
      projectId,
      dispatch.recipientsWhere(where, {
        upTo,
        subscribedOnly: subscribed,
        dialect: deps.dialect,
        now: deps.clock.now(),
      }),
    ),
  ]);
  return { matching, recipients };
}

/** `scheduledFor` as a time in the future, or undefined for "now"; 422 when unparseable or past. */
function scheduledTime(raw: string | undefined, now: Date): Date | undefined {
  if (raw === undefined) return undefined;
  const at = new Date(raw);
  if (Number.isNaN(at.getTime())) throw invalid('scheduledFor', 'must be an ISO 8601 date-time', 'INVALID_DATE');
  if (at <= now) throw invalid('scheduledFor', 'must be in the future');
  return at;
}

/**
 * Sends a DRAFT (or SCHEDULED) campaign now, or schedules it. 422 for a past or unparseable time and
 * for an audience with no recipients; 403 for a sender no longer verified; 409 once it has moved on.
 */
export async function sendCampaign(
  deps: SendDeps,
  projectId: string,
  id: string,
  input: SendCampaignBody,
): Promise<repo.CampaignRow> {
  const campaign = await getCampaignRow(deps, projectId, id);
  const at = scheduledTime(input.scheduledFor, deps.clock.now());
  const local = localSendOf(input, campaign);
  const movable = ['DRAFT', 'SCHEDULED'] as const;
  const moved = () => conflict(`Only a DRAFT or SCHEDULED campaign can be sent (this one is ${campaign.status}).`);
  if (!(movable as readonly string[]).includes(campaign.status)) throw moved();
  await assertVerifiedSender(deps, projectId, campaign.fromEmail);
  const recipients = await countRecipients(deps, campaign);
  if (recipients.count === 0) throw invalid('audienceType', 'The audience has no recipients.', 'NO_RECIPIENTS');
  assertTestable(campaign, recipients.count);
  // Marketing cap (billing/usage.service.ts): the audience is reserved when the send is accepted (402
  // otherwise, nothing changed). A SCHEDULED campaign holds its `totalRecipients` already, so sending it
  // again reserves or gives back only the difference, which a cancel to DRAFT then gives back whole.
  // The move is from the status read, so a cancel's give-back cannot slip in between unnoticed.
  const held = campaign.status === 'SCHEDULED' ? Number(campaign.totalRecipients) : 0;
  const quota = await reserveSends(deps, projectId, 'marketing', recipients.count - held);
  const from = [campaign.status as (typeof movable)[number]];
  let next: repo.CampaignRow | undefined;
  try {
    next = at
      ? await scheduleCampaign(deps, campaign, from, at, recipients.count)
      : await startSending(deps, campaign, from, recipients, { local });
  } finally {
    if (!next) await quota?.release(0);
  }
  if (!next) throw moved();
  if (held > recipients.count) await releaseSends(deps, projectId, 'marketing', held - recipients.count);
  return next;
}

async function scheduleCampaign(
  deps: SendDeps,
  c: repo.CampaignRow,
  from: readonly ('DRAFT' | 'SCHEDULED')[],
  at: Date,
  count: number,
) {
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const set = { status: 'SCHEDULED' as const, scheduledAt: at, totalRecipients: count, updatedAt: now };
    const moved = await repo.transitionCampaign(trx, c.id, from, set);
    // The minutely tick would find it too; this job starts it on time. A reschedule replaces it (job key).
    if (moved) await deps.jobs.enqueue(START_JOB, { campaignId: c.id }, { trx, runAt: at, jobKey: startJobKey(c.id) });
    return moved;
  });
}

/** Moves the campaign from `from` to SENDING with its fan-out row and job, in one transaction; undefined if it moved on. */
async function startSending(
  deps: SendDeps,
  c: repo.CampaignRow,
  from: readonly ('DRAFT' | 'SCHEDULED')[],
  r: Recipients,
  o: { dueBy?: Date; local?: LocalSend } = {},
): Promise<repo.CampaignRow | undefined> {
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const set = {
      status: 'SENDING' as const,
      startedAt: now,
      totalRecipients: r.count,
      updatedAt: now,
      abPhase: c.variants === null ? null : ('TESTING' as const),
      abWinner: null,
      abDecideAt: null,
      localSend: o.local ? toJson(o.local) : null,
    };
    const moved = await repo.transitionCampaign(trx, c.id, from, set, o.dueBy);
    if (!moved) return undefined;
    if (r.where) await chooseTestGroup(trx, moved, r.where, r.count);
    await dispatch.insertDispatch(trx, { id: c.id, projectId: c.projectId, maxContactId: r.upTo, now });
    await dispatchKind.queue(deps, [c.id], trx);
    return moved;
  });
}

/** Starts a SCHEDULED campaign whose time has come (job and minutely tick); of two concurrent starts one wins. */
export async function startScheduledCampaign(deps: SendDeps, campaignId: string): Promise<void> {
  const c = await repo.findCampaignById(deps.db, campaignId);
  if (c?.status !== 'SCHEDULED' || !c.scheduledAt) return;
  const at = new Date(c.scheduledAt);
  if (at > deps.clock.now()) {
    // The queue's clock ran ahead of ours: come back at the time itself.
    await deps.jobs.enqueue(START_JOB, { campaignId }, { runAt: at, jobKey: startJobKey(campaignId) });
    return;
  }
  await startSending(deps, c, ['SCHEDULED'], await countRecipients(deps, c), { dueBy: deps.clock.now() });
}

/** SENDING → SENT once the walk completed and nothing of the campaign waits to go out; else looks again soon. */
export async function finishCampaign(
  deps: Pick<Deps, 'db' | 'jobs' | 'clock' | 'webhooks'>,
  campaignId: string,
): Promise<void> {
  const finished = await deps.db.transaction().execute(async (trx) => {
    const done = await dispatch.finishCampaign(trx, campaignId, deps.clock.now());
    // campaign.sent commits with the move to SENT, or not at all.
    if (done && (await deps.webhooks.wants(trx, done.projectId, ['campaign.sent']))) {
      const data = { campaignId: done.id, name: done.name, subject: done.subject, sentAt: done.sentAt };
      await deps.webhooks.announce(trx, done.projectId, [{ type: 'campaign.sent', data }]);
    }
    return done;
  });
  if (finished) return;
  // An A/B test's walk of its test group ended: the campaign waits for its winner, not for this job.
  if (await endTest(deps, campaignId)) return;
  if (!(await dispatch.isWalkedSending(deps.db, campaignId))) return;
  // Rows that wait for their time (a recipient's zone, a window, a cap) are not looked at every 2 s.
  const soon = deps.clock.now().getTime() + FINISH_RECHECK_MS;
  const next = await dispatch.findNextPendingAt(deps.db, campaignId);
  const runAt = new Date(Math.max(soon, next?.getTime() ?? 0));
  await deps.jobs.enqueue(FINISH_JOB, { campaignId }, { runAt, jobKey: finishJobKey(campaignId) });
}

/**
 * Cancels a SCHEDULED or SENDING campaign (else 409). In one transaction: the fan-out row is ended (a
 * running batch rolls back at its next advance) and every PENDING row of the campaign becomes FAILED
 * "Campaign cancelled", which delivery never claims. If no row had reached the mail transport (none
 * sent, sending or tried), those rows are removed and the campaign is a DRAFT again; otherwise it
 * stays CANCELLED, its unsent recipients unsent.
 */
export async function cancelCampaign(
  deps: Pick<Deps, 'db' | 'reader' | 'clock' | 'config'>,
  projectId: string,
  id: string,
): Promise<repo.CampaignRow> {
  const campaign = await getCampaignRow(deps, projectId, id);
  const row = await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const cancelled = { status: 'CANCELLED' as const, cancelledAt: now, updatedAt: now };
    const moved = await repo.transitionCampaign(trx, id, ['SCHEDULED', 'SENDING'], cancelled);
    if (!moved) return undefined;
    await endJobRow({ db: trx, clock: deps.clock }, 'campaignDispatches', id, {
      status: 'failed',
      reason: dispatch.CANCELLED_ERROR,
    });
    const unsent = await cancelCampaignEmails(trx, id, dispatch.CANCELLED_ERROR, now);
    if (unsent.tried || (await dispatch.countCampaignRows(trx, id)) > unsent.marked) return moved;
    await deleteCampaignEmails(trx, id);
    await dispatch.deleteDispatch(trx, id);
    await deleteTestGroup(trx, id);
    // Nothing went out: the marketing reservation of the send is given back (billing/usage.service.ts).
    await releaseSends(deps, projectId, 'marketing', Number(moved.totalRecipients), trx);
    const draft = {
      status: 'DRAFT' as const,
      cancelledAt: null,
      startedAt: null,
      scheduledAt: null,
      totalRecipients: 0,
      ...{ abPhase: null, abWinner: null, abDecideAt: null, localSend: null },
    };
    return repo.transitionCampaign(trx, id, ['CANCELLED'], { ...draft, updatedAt: now });
  });
  if (!row) throw conflict(`Only a SCHEDULED or SENDING campaign can be cancelled (this one is ${campaign.status}).`);
  return row;
}

/**
 * Sends the campaign once to `email` with the subject prefixed `[TEST] `, as a priority row outside
 * the campaign (no source id: not in its stats, not its recipient). Rendered with the address's
 * contact when the project has one, else with only the address; no contact is created.
 */
export async function sendTestCampaign(
  deps: Omit<SendDeps, 'jobs'> & Pick<Deps, 'secrets' | 'keyCache' | 'deliveryWaker'>,
  projectId: string,
  id: string,
  input: TestCampaignBody,
): Promise<{ emailId: string; to: string }> {
  const campaign = await getCampaignRow(deps, projectId, id);
  const to = normalizeEmail(input.email);
  if (!to) throw invalid('email', 'must be a valid email address', 'INVALID_EMAIL');
  await assertVerifiedSender(deps, projectId, campaign.fromEmail);
  const contactId = await findContactIdByEmail(deps, projectId, to);
  const now = deps.clock.now();
  const contact = contactId
    ? await getContact(deps, projectId, contactId)
    : {
        ...{ id: '', email: to, subscribed: true, data: {}, topics: [], confirmedAt: null },
        ...{ createdAt: now.toISOString(), updatedAt: now.toISOString() },
      };
  const msg = campaignMessage(campaign, { sourceType: 'TRANSACTIONAL', sourceId: null, subjectPrefix: '[TEST] ' });
  const emailId = newId();
  const settings = await getSendSettings(deps, projectId);
  const email = await composeEmail(deps, msg, { projectId, contact }, settings, emailId);
  await enqueue(deps, deps.db, [{ ...email, contactId: contactId ?? null }]);
  return { emailId, to };
}
