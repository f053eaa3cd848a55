/**
 * Stamps sent emails SENT in small groups: the rows the transport accepted within a few
 * milliseconds share one transaction (their updates, their attempts in the email log and their
 * `email.sent` events, each written as one multi-row statement), instead of one
 * transaction each. Each caller is answered once its row's stamp committed, so a delivery lane moves
 * on only after its row is recorded; a crash can lose at most the stamps of that short window, and
 * those rows are sent again with the same Message-ID. Batched by lib/batcher.ts in its window mode:
 * should a group's transaction fail, each stamp commits alone, so a bad stamp fails only itself, and
 * a stamp whose transaction fails (a lost database connection) is tried again a few times before
 * its caller hears of it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Deps } from '../deps.ts';
import { type NewAttempt, recordAttempts } from '../emails/attempts.ts';
import { type NewEvent, recordEvents } from '../events/events.service.ts';
import { allOk, batcher } from '../lib/batcher.ts';
import { markAllSent } from './delivery.repo.ts';
import type { EmailRow } from './outbox.repo.ts';

/** Stamps waiting longer than this are committed without waiting for more. */
const WINDOW_MS = 5;
const MAX_GROUP = 50;
/**
 * Pauses before each new try of a stamp whose transaction failed. The relay has these messages: a
 * stamp given up on is a message sent twice (its row comes back when its lease runs out). A
 * connection the server cut (a failover, pg_terminate_backend) is replaced by the pool at once, so
 * the first retry usually commits. Retrying is safe whatever the failure: markAllSent is fenced to the
 * claim, so a group whose commit did land before the error stamps nothing and records no event again.
 */
const RETRY_PAUSES_MS = [50, 500, 2000];

interface Stamp {
  row: EmailRow;
  transportMessageId: string;
  /** The accepted attempt, after any that failed over to another transport first. */
  attempts: readonly NewAttempt[];
}

/** Stamps the row SENT and records its attempts (the accepted one last) with it. */
export type Stamper = (row: EmailRow, transportMessageId: string, attempts: readonly NewAttempt[]) => Promise<void>;

export function createStamper(deps: Pick<Deps, 'db' | 'dialect' | 'clock' | 'eventListeners'>): Stamper {
  const commit = (group: Stamp[]) =>
    deps.db.transaction().execute(async (trx) => {
      const now = deps.clock.now();
      const events: NewEvent[] = [];
      const attempts: NewAttempt[] = [];
      const stamped = await markAllSent(
        trx,
        deps.dialect,
        group.map((s) => ({ claim: s.row, transportMessageId: s.transportMessageId })),
        now,
      );
      for (const s of group) {
        // A lost claim (another worker took the row) stamps nothing and records no attempt or event:
        // the log's attempt exists exactly when the row's outcome does.
        if (!stamped.has(s.row.id)) continue;
        attempts.push(...s.attempts);
        if (!s.row.contactId) continue;
        events.push({
          projectId: s.row.projectId,
          contactId: s.row.contactId,
          name: 'email.sent',
          data: { emailId: s.row.id },
        });
      }
      await recordAttempts(trx, attempts);
      await recordEvents({ db: trx, clock: deps.clock, eventListeners: deps.eventListeners }, events);
    });

  const stamp = batcher<Stamp, void>({
    max: MAX_GROUP,
    windowMs: WINDOW_MS,
    group: async (group) => {
      await commit(group);
      return allOk(group.map(() => undefined));
    },
    // A stamp by itself (alone, or out of a failed group) is tried again a few times.
    alone: async (s) => {
      for (let tries = 0; ; tries++) {
        try {
          return await commit([s]);
        } catch (err) {
          if (tries >= RETRY_PAUSES_MS.length) throw err;
          await sleep(RETRY_PAUSES_MS[tries]);
        }
      }
    },
  });
  return (row, transportMessageId, attempts) => stamp({ row, transportMessageId, attempts });
}
