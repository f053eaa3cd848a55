/**
 * Delivery's side of the email's life: the claim of due rows, the lease, and each outcome of a claimed
 * row written with what goes with it (lifecycle.ts) in one transaction — the status, the attempt in
 * the email log and the webhook message. Every write is fenced to the claim that made it: a worker
 * whose lease ran out and whose rows were claimed again writes nothing. SENT is the stamper's
 * (stamper.ts), which groups many rows in one statement.
 */
import type { Executor } from '../db/index.ts';
import type { Deps } from '../deps.ts';
import { groupBy } from '../lib/group-by.ts';
import { type NewAttempt, recordAttempts } from './attempts.ts';
import * as delivery from './delivery.repo.ts';
import { announceEmails } from './email-webhook-data.ts';
import { TRANSITIONS } from './lifecycle.ts';
import type { EmailRow } from './outbox.repo.ts';

export { findAttachments } from './outbox.repo.ts';
export { createStamper, type Stamper } from './stamper.ts';

/** Claims up to `limit` due rows (transactional first), none of `skipProjects`: SENDING, one more attempt, leased. */
export const claimDueEmails = delivery.claimDueEmails;
/** Extends the lease of rows still being sent under the claim `token`. */
export const renewEmailLeases = delivery.renewEmailLeases;
/** When the next row falls due (a retry, a lease running out); undefined when nothing waits. */
export const nextEmailDueAt = delivery.nextDueAt;

/**
 * Hands rows of the claim `token` back unsent and uncounted (`deferred`), due at `nextAt`; `scheduled`:
 * they wait for their time (a send window, a daily cap), which the email log shows as `scheduledAt`.
 */
export function deferClaimed(
  deps: Pick<Deps, 'db' | 'clock'>,
  ids: string[],
  token: string,
  nextAt: Date,
  scheduled = false,
) {
  return delivery.deferClaimed(deps.db, ids, token, nextAt, deps.clock.now(), scheduled);
}

/**
 * A failed attempt's outcome in one transaction: `delayed` (PENDING again at `nextAt`) or `failed`,
 * the attempts, and the move's webhook (`smtpResponse`: the relay's last reply). Nothing when the
 * claim was lost.
 */
export async function recordUnsent(
  deps: Pick<Deps, 'db' | 'clock' | 'webhooks'>,
  row: EmailRow,
  outcome: { retryAt?: Date; error: string },
  attempts: NewAttempt[],
): Promise<void> {
  const now = deps.clock.now();
  const move = outcome.retryAt ? TRANSITIONS.delayed : TRANSITIONS.failed;
  const wanted = await deps.webhooks.wants(deps.db, row.projectId, [move.webhook]);
  await deps.db.transaction().execute(async (trx) => {
    const status = move.to as 'PENDING' | 'FAILED';
    if (!(await delivery.markUnsent(trx, row, { status, nextAt: outcome.retryAt, error: outcome.error }, now))) return;
    await recordAttempts(trx, attempts);
    const smtpResponse = attempts.at(-1)?.response ?? outcome.error;
    if (wanted) await announceEmails(deps, trx, move.webhook, [row], () => ({ smtpResponse }));
  });
}

/**
 * Moves the `held` rows of the claim `token` (id → its hold: the rule that held it, and the text its
 * lastError records, if any) to SUPPRESSED, one statement per hold, announcing `email.suppressed` in
 * the move's transaction for the rows the claim still held.
 */
export async function recordSuppressed(
  deps: Pick<Deps, 'db' | 'clock' | 'webhooks'>,
  projectId: string,
  rows: EmailRow[],
  held: Map<string, delivery.SuppressedHold>,
  token: string,
): Promise<void> {
  const heldRows = rows.filter((r) => held.has(r.id));
  const move = async (db: Executor) => {
    const moved = new Set<string>();
    const byHold = groupBy(heldRows, (r) => {
      const h = held.get(r.id)!;
      return `${h.rule?.id ?? ''}\n${h.lastError ?? ''}`;
    });
    for (const group of byHold.values()) {
      const ids = group.map((r) => r.id);
      const hold = held.get(group[0]!.id)!;
      for (const id of await delivery.markSuppressed(db, ids, token, deps.clock.now(), hold)) moved.add(id);
    }
    return moved;
  };
  const type = TRANSITIONS.suppressed.webhook;
  if (!(await deps.webhooks.wants(deps.db, projectId, [type]))) {
    await move(deps.db);
    return;
  }
  await deps.db.transaction().execute(async (trx) => {
    const moved = await move(trx);
    await announceEmails(
      deps,
      trx,
      type,
      heldRows.filter((r) => moved.has(r.id)),
    );
  });
}
