/**
 * SQL for delivery: the claim of due outbox rows and the fenced updates that move a claimed row
 * along, on the due-row registry (jobs/due-row-tables.ts, the `emails` entry). A claimed row is
 * SENDING with `next_attempt_at` = its lease end, so "due" is one range condition for fresh and
 * abandoned rows alike, and a killed worker's rows come back when their lease runs out. Every update
 * is fenced to the claim that made it (still SENDING under the claim's token); each move's statuses
 * are the lifecycle table's (lifecycle.ts).
 */
import type { DialectSql } from '../db/dialect.ts';
import type { Db, Executor } from '../db/index.ts';
import type { EmailStatus } from '../db/schema.ts';
import { DUE_ROWS } from '../jobs/due-row-tables.ts';
import {
  claimDueRows,
  findNextDueAt,
  renewClaimedRows,
  updateClaimed,
  updateClaimedRows,
} from '../jobs/due-rows.repo.ts';
import { TRANSITIONS } from './lifecycle.ts';
import type { EmailRow } from './outbox.repo.ts';

const EMAILS = DUE_ROWS.emails;

/** The claim's priorities (enqueue.ts): transactional mail first, then bulk. */
const PRIORITIES = [0, 1] as const;

/**
 * Claims up to `limit` due rows (transactional first), none of `skipProjects`: SENDING, one more
 * attempt, leased until `leaseUntil` under `token`. One priority at a time: with the priority fixed,
 * the walk of emails_due_idx (priority, next_attempt_at, id) ends at the first row not due yet, so
 * mail stored due later (a recipient's zone, a send window, a daily cap) is never read by a claim.
 */
export async function claimDueEmails(
  db: Db,
  dialect: DialectSql,
  at: { now: Date; leaseUntil: Date; token: string; limit: number; skipProjects?: string[] },
): Promise<EmailRow[]> {
  const skip = at.skipProjects ?? [];
  const out: EmailRow[] = [];
  for (const priority of PRIORITIES) {
    const limit = at.limit - out.length;
    if (limit <= 0) break;
    const rows = await claimDueRows(
      db,
      dialect,
      EMAILS,
      { ...at, limit },
      {
        where: (eb) =>
          eb.and([eb('priority', '=', priority), ...(skip.length > 0 ? [eb('projectId', 'not in', skip)] : [])]),
        set: { updatedAt: at.now },
      },
    );
    out.push(...rows);
  }
  return out;
}

/** The claim of a row: its id and the token its claim wrote. */
type Claim = { id: string; leaseToken: string | null };

/**
 * Stamps many rows in one statement (the stamper's group): each row still under its claim makes the
 * move `sent` with its transport id; answers the ids stamped (a lost claim's row is not among them).
 */
export function markAllSent(
  db: Executor,
  dialect: DialectSql,
  stamps: readonly { claim: Claim; transportMessageId: string }[],
  now: Date,
): Promise<Set<string>> {
  return updateClaimedRows(db, dialect, EMAILS, {
    columns: { transport_message_id: 'text' },
    rows: stamps.map((s) => ({
      id: s.claim.id,
      token: s.claim.leaseToken,
      transport_message_id: s.transportMessageId,
    })),
    same: { status: TRANSITIONS.sent.to, sent_at: now, lease_until: null, last_error: null, updated_at: now },
  });
}

/** `delayed` (PENDING again at `nextAt`, a temporary failure) or `failed` (permanent, or out of attempts). */
export async function markUnsent(
  db: Executor,
  claim: Claim,
  outcome: { status: Extract<EmailStatus, 'PENDING' | 'FAILED'>; nextAt?: Date; error: string },
  now: Date,
): Promise<boolean> {
  const moved = await updateClaimed(
    db,
    EMAILS,
    { ids: [claim.id], token: claim.leaseToken },
    {
      status: outcome.status,
      nextAttemptAt: outcome.nextAt ?? now,
      leaseUntil: null,
      lastError: outcome.error.slice(0, 1000),
      updatedAt: now,
    },
  );
  return moved.length > 0;
}

/**
 * `deferred`: rows of the claim `token` back unsent and uncounted (over the project's send rate, or
 * `scheduled` for a window or a daily cap, when their `scheduledAt` says so too), due at `nextAt`.
 */
export async function deferClaimed(
  db: Executor,
  ids: string[],
  token: string,
  nextAt: Date,
  now: Date,
  scheduled = false,
): Promise<void> {
  await updateClaimed(db, EMAILS, { ids, token }, (eb) => ({
    status: TRANSITIONS.deferred.to,
    attempts: eb('attempts', '-', 1),
    nextAttemptAt: nextAt,
    ...(scheduled && { scheduledAt: nextAt }),
    leaseUntil: null,
    updatedAt: now,
  }));
}

/** Why rows are SUPPRESSED: the rule that held them (the email log's `suppressedBy`), and a lastError text. */
export interface SuppressedHold {
  rule?: { id: string; reason: string };
  lastError?: string;
}

/**
 * `suppressed` for rows of the claim `token` to suppressed addresses: stored, never sent, with the
 * rule that held them; `hold.lastError`, when given, becomes the row's lastError. Answers the ids that
 * moved (the claim still held them).
 */
export function markSuppressed(
  db: Executor,
  ids: string[],
  token: string,
  now: Date,
  hold: SuppressedHold = {},
): Promise<string[]> {
  return updateClaimed(
    db,
    EMAILS,
    { ids, token },
    {
      status: TRANSITIONS.suppressed.to,
      leaseUntil: null,
      updatedAt: now,
      ...(hold.rule === undefined ? {} : { suppressionId: hold.rule.id, suppressionReason: hold.rule.reason }),
      ...(hold.lastError === undefined ? {} : { lastError: hold.lastError }),
    },
  );
}

/** Extends the lease of rows still being sent under the claim `token`. */
export function renewEmailLeases(
  db: Db,
  dialect: DialectSql,
  at: { ids: string[]; token: string; leaseUntil: Date },
): Promise<void> {
  return renewClaimedRows(db, dialect, EMAILS, { ids: at.ids, token: at.token, until: at.leaseUntil });
}

/**
 * When the next row falls due (a retry, a lease running out, mail waiting for its time); undefined
 * when nothing waits. Per priority, so each look is the first entry of its part of emails_due_idx.
 */
export async function nextDueAt(db: Executor): Promise<Date | undefined> {
  const times: number[] = [];
  for (const p of PRIORITIES) {
    const due = await findNextDueAt(db, EMAILS, (eb) => eb('priority', '=', p));
    if (due) times.push(due.getTime());
  }
  return times.length > 0 ? new Date(Math.min(...times)) : undefined;
}
