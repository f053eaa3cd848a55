/**
 * Every email enters the outbox here, whoever made it (/v1/send, SMTP submission, campaigns, workflow
 * steps, account and sign-up mail): `enqueue` sets every default of a new row in one place (PENDING,
 * the claim's priority, our Message-ID, no attempt yet, due now) and wakes delivery once the rows
 * have committed (jobs/waker.ts). Rows stored are delivery's to send, whatever happens to the caller.
 */

import type { Db, Executor } from '../db/index.ts';
import type { EmailSource, EmailVia } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { insertEmail, insertEmails, type NewEmail, type StoredEmail } from './outbox.repo.ts';

export type { EmailRow, NewEmail } from './outbox.repo.ts';

/** A composed email as a producer hands it in. */
export type EmailToSend = NewEmail & {
  /** The client's own Message-ID (SMTP submission keeps a thread whole); ours otherwise. */
  messageId?: string;
  /** How a transactional email arrived (the email log's `via`); none for other mail. */
  via?: EmailVia;
};

export type EnqueueDeps = Pick<Deps, 'dialect' | 'clock' | 'deliveryWaker'>;

/** Our Message-ID for an email: its id at the sender's domain (the same on every attempt). */
function messageIdFor(emailId: string, fromEmail: string): string {
  return `${emailId}@${fromEmail.split('@').at(-1)}`;
}

/** Priority of the delivery claim: transactional mail goes before bulk. */
const priorityOf = (source: EmailSource) => (source === 'TRANSACTIONAL' ? 0 : 1);

function withDefaults(e: EmailToSend): StoredEmail {
  return {
    ...e,
    status: 'PENDING',
    priority: priorityOf(e.sourceType),
    messageId: e.messageId ?? messageIdFor(e.id, e.fromEmail),
  };
}

/**
 * Stores `emails` through `db` and answers the ids stored. In a transaction the rows are written in
 * it and the wake is published in it, so the notice arrives with the commit or not at all. Outside
 * one, every email or none is stored (one compile-once statement for a lone email without
 * attachments, which SQLite's group commit shares with other requests), then delivery is woken.
 * `skipDuplicates` leaves out a row that would break a unique index (a campaign's recipient already
 * has its row); it applies to emails without attachments. `wakeAfterCommit`: the caller wakes delivery
 * itself once its transaction committed (`deliveryWaker.wake()`, no notice through the database).
 */
export async function enqueue(
  deps: EnqueueDeps,
  db: Executor,
  emails: readonly EmailToSend[],
  opts: { skipDuplicates?: boolean; wakeAfterCommit?: boolean } = {},
): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = emails.map(withDefaults);
  const now = deps.clock.now();
  const write = async (trx: Executor): Promise<string[]> => {
    const plain = rows.filter((r) => r.attachments.length === 0);
    const ids = await insertEmails(trx, plain, now, opts);
    for (const r of rows) {
      if (r.attachments.length === 0) continue;
      await insertEmail(trx, deps.dialect, r, now);
      ids.push(r.id);
    }
    return ids;
  };
  if (db.isTransaction) {
    const ids = await write(db);
    if (ids.length > 0 && !opts.wakeAfterCommit) await deps.deliveryWaker.wake(db);
    return ids;
  }
  let ids: string[];
  const plainOne = rows.length === 1 && !rows[0]!.scheduledAt && !rows[0]!.variant;
  if (plainOne && !opts.skipDuplicates) {
    await insertEmail(db, deps.dialect, rows[0]!, now);
    ids = [rows[0]!.id];
  } else ids = await (db as Db).transaction().execute(write);
  await deps.deliveryWaker.wake();
  return ids;
}
