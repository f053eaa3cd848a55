/**
 * The delivery worker: claims due outbox rows in batches under a lease, keeps each project under its
 * send rate, hands messages to the transport concurrently, and stamps each row the moment the
 * transport answers: SENT with the transport's id, PENDING again with backoff after a temporary
 * failure, FAILED or BOUNCED after a permanent one, each with the attempt in the email log (what the
 * transport said, how long it took) and, for a delay, a failure or a suppression, the webhook
 * announcement when an endpoint listens. A worker killed mid-batch leaves its rows
 * SENDING with a lease; they fall due again when the lease runs out and another run sends them.
 */

import { setTimeout as sleep } from 'node:timers/promises';
import { recordSendRejection } from '../bounces/feedback.service.ts';
import type { Deps } from '../deps.ts';
import {
  type AttemptTiming,
  acceptedAttempt,
  failedAttempt,
  type NewAttempt,
  recordAttempts,
} from '../emails/attempts.ts';
import type { EmailRow } from '../emails/enqueue.ts';
import * as outbox from '../emails/outcomes.ts';
import { type DueRowsKind, workDueRows } from '../jobs/due-rows.ts';
import { backoffMinutes, retryDueAt } from '../lib/backoff.ts';
import { groupBy } from '../lib/group-by.ts';
import { TransportError } from '../mail/types.ts';
import { findHeldBack } from '../suppressions/holds.ts';
import { type ProjectRoutes, routesForBatch, streamOf } from '../transports/routing.ts';
import { holdOutsideWindow, holdOverDailyCap } from './marketing-schedule.ts';
import { type DkimLookup, dkimCache, toOutgoing } from './outgoing.ts';
import { applySendRate, projectsAtRate } from './rate.ts';
import { type RoutedOutcome, sendRouted } from './routed-send.ts';

/**
 * Before retry N (1-based) of a temporary failure: these minutes, the last repeating, ±10 % so rows
 * that failed together do not retry in one burst.
 */
const DELIVERY_BACKOFF = backoffMinutes([0.5, 2, 10, 30, 60, 120, 240, 480], 0.1);

/** When retry `attempt` (1-based) of a row that failed temporarily at `now` is due. */
export function retryAt(now: Date, attempt: number): Date {
  return retryDueAt(DELIVERY_BACKOFF, now, attempt);
}

/** What one delivery run shares across its rows. */
interface RunState {
  dkim: DkimLookup;
  stamp: outbox.Stamper;
  /** The last claim that left projects out (at their send rate) and found nothing else due. */
  emptySkip?: { projects: string; at: number };
}

/**
 * How soon a claim leaving out the same projects at their rate is made again after one found nothing
 * else due: such a claim walks past every due row of those projects (a backlog of thousands while a
 * burst is throttled), and a wake-up arrives with every accepted email. The next claim waits out the
 * rest of this, so another project's mail waits this much longer at most.
 */
const SKIP_RECLAIM_MS = 100;

/** What a batch adds: the routes of its projects that have transports of their own (none: the server's). */
interface BatchState extends RunState {
  routes: Map<string, ProjectRoutes>;
}

/**
 * Sends one claimed row and records the outcome; never throws. A row whose outcome cannot be written
 * (the database went away) stays SENDING, and comes back when its lease runs out.
 */
async function deliverOne(deps: Deps, row: EmailRow, batch: BatchState) {
  const outcome = await send(deps, row, batch);
  try {
    if ('waitUntil' in outcome) {
      // No transport of the stream could be tried (paused, at its rate): back uncounted, due when one can.
      await outbox.deferClaimed(deps, [row.id], row.leaseToken ?? '', outcome.waitUntil);
      return false;
    }
    if ('err' in outcome) {
      await recordFailure(deps, row, outcome.err, outcome.attempts);
      return false;
    }
  } catch (e) {
    deps.log.error({ err: e, emailId: row.id }, 'delivery failure could not be recorded; the lease hands the row back');
    return false;
  }
  try {
    await batch.stamp(row, outcome.accepted.transportMessageId, outcome.attempts);
    return true;
  } catch (err) {
    // The relay has the message; only the record of it failed (the stamper tried again already).
    // Recording a send failure here would schedule a certain second copy, and throwing would fail
    // the lane and the whole run with it: the row stays SENDING, as after a crash.
    deps.log.error({ err, emailId: row.id }, 'sent, but not stamped SENT; the lease hands the row back');
    return false;
  }
}

/**
 * Hands the row's message to its project's transports of its stream when it has some, else to the
 * server's transport (no statement: the project's transports are cached); never throws.
 */
async function send(deps: Deps, row: EmailRow, batch: BatchState): Promise<RoutedOutcome> {
  const routes = batch.routes.get(row.projectId);
  const defs = routes?.byStream[streamOf(row.emailType)];
  const own = defs?.[0];
  let at = deps.clock.now();
  let started = performance.now();
  const timing = (): AttemptTiming => ({
    transport: own ? own.name : deps.transport.kind,
    ...(own && { kind: own.kind === 'SMTP' ? 'smtp' : 'ses', transportId: own.id }),
    at,
    durationMs: performance.now() - started,
  });
  try {
    const message = await toOutgoing(deps, row, batch.dkim);
    if (routes && defs && defs.length > 0) return await sendRouted(deps, row, message, routes, defs);
    // The attempt is the transport's call: building the message is not the relay's time.
    at = deps.clock.now();
    started = performance.now();
    const accepted = await deps.transport.send(message);
    return { accepted, attempts: [acceptedAttempt(row, timing(), accepted)] };
  } catch (err) {
    return { err, attempts: [failedAttempt(row, timing(), err)] };
  }
}

/**
 * Records a failed attempt with the row's outcome, in one transaction: BOUNCED (a refused recipient),
 * PENDING again with backoff (`email.delivery_delayed`), or FAILED (`email.failed`). Nothing is
 * recorded when the claim was lost.
 */
async function recordFailure(deps: Deps, row: EmailRow, err: unknown, attempts: NewAttempt[]) {
  const now = deps.clock.now();
  const error = err instanceof Error ? err.message : String(err);
  // Anything that is not the transport's verdict (a bug, a database hiccup) is worth another try.
  const kind = err instanceof TransportError ? err.kind : 'temporary';
  if (err instanceof TransportError && err.kind === 'permanent' && err.recipientRejected) {
    // The feedback service moves the row to BOUNCED and does what a hard bounce does, in one transaction.
    await deps.db.transaction().execute(async (trx) => {
      if (await recordSendRejection(trx, deps, row, error)) await recordAttempts(trx, attempts);
    });
    return;
  }
  const retry = kind === 'temporary' && row.attempts < deps.config.deliveryMaxAttempts;
  await outbox.recordUnsent(deps, row, { retryAt: retry ? retryAt(now, row.attempts) : undefined, error }, attempts);
  if (!(err instanceof TransportError)) deps.log.error({ err, emailId: row.id }, 'delivery failed unexpectedly');
}

/**
 * The claimed rows no suppression rule of their project holds; the others become SUPPRESSED with the
 * rule that held them (an erased address's with the reason too, and a sign-up's confirmation to it
 * still goes: suppressions/holds.ts). The rules are cached: a batch nobody is suppressed in costs no statement.
 */
async function withoutSuppressed(deps: Deps, claimed: EmailRow[], token: string): Promise<EmailRow[]> {
  const byProject = groupBy(claimed, (r) => r.projectId);
  const out: EmailRow[] = [];
  for (const [projectId, rows] of byProject) {
    const held = await findHeldBack(deps, projectId, rows);
    if (held.size > 0) await outbox.recordSuppressed(deps, projectId, rows, held, token);
    out.push(...rows.filter((r) => !held.has(r.id)));
  }
  return out;
}

/** Outbox rows as due rows: claimed SENDING with one more attempt, fenced to the claim's token. */
function outboxRows(deps: Deps, run: RunState): DueRowsKind<EmailRow, BatchState> {
  return {
    leaseMs: deps.config.deliveryLeaseMs,
    batchSize: deps.config.deliveryBatchSize,
    concurrency: deps.config.deliveryConcurrency,
    stopWhenShort: false,
    claim: async (c) => {
      let skipProjects = projectsAtRate(deps);
      const last = run.emptySkip;
      const wait = last && last.projects === skipProjects.join(',') ? last.at + SKIP_RECLAIM_MS - Date.now() : 0;
      if (skipProjects.length > 0 && wait > 0) {
        await sleep(wait);
        skipProjects = projectsAtRate(deps);
      }
      const projects = skipProjects.join(',');
      const rows = await outbox.claimDueEmails(deps.db, deps.dialect, {
        now: c.now,
        leaseUntil: c.leaseUntil,
        token: c.token,
        limit: c.limit,
        skipProjects,
      });
      run.emptySkip = skipProjects.length > 0 && rows.length === 0 ? { projects, at: Date.now() } : undefined;
      return rows;
    },
    renew: (rows, claim, until) =>
      outbox.renewEmailLeases(deps.db, deps.dialect, {
        ids: rows.map((r) => r.id),
        token: claim.token,
        leaseUntil: until,
      }),
    // Suppressed addresses, and rows over their project's send rate, outside its window or past its day's cap, are set aside.
    begin: async (rows, claim) => {
      // Outside a send window before the rate (held mail takes no slot); the daily cap after it (a
      // row the rate hands back is not counted towards today).
      const sendable = await holdOutsideWindow(deps, await withoutSuppressed(deps, rows, claim.token), claim.token);
      const rated = await applySendRate(deps, sendable, claim.token);
      const allowed = await holdOverDailyCap(deps, rated, claim.token);
      return { rows: allowed, batch: { ...run, routes: await routesOf(deps, allowed) } };
    },
    work: (row, batch) => deliverOne(deps, row, batch),
  };
}

/** The routes of the batch's projects that have transports of their own (routing.ts). */
async function routesOf(deps: Deps, rows: EmailRow[]): Promise<Map<string, ProjectRoutes>> {
  const out = new Map<string, ProjectRoutes>();
  for (const projectId of new Set(rows.map((r) => r.projectId))) {
    const routes = await routesForBatch(deps, projectId);
    if (routes) out.set(projectId, routes);
  }
  return out;
}

/**
 * Delivers due rows until none is due, `budgetMs` has passed or `stop` is aborted (then after the
 * batch in flight); returns how many were sent and claimed.
 */
export async function deliverDue(
  deps: Deps,
  budgetMs: number,
  stop?: AbortSignal,
): Promise<{ sent: number; claimed: number }> {
  const run: RunState = { dkim: dkimCache(deps), stamp: outbox.createStamper(deps) };
  const r = await workDueRows(deps, outboxRows(deps, run), budgetMs, stop);
  return { sent: r.done, claimed: r.claimed };
}
