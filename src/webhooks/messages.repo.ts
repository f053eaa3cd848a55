/**
 * SQL for webhook messages and their attempts: the write of new messages in the caller's
 * transaction, the claim of due ones, outcomes fenced to the claim that made them, and the log.
 * Messages are due rows (jobs/due-row-tables.ts): a claimed message is SENDING with
 * `next_attempt_at` = its lease's end, so fresh and abandoned messages are one range.
 */

import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import { fromJson } from '../db/codecs.ts';
import type { DialectSql } from '../db/dialect.ts';
import type { Db, Executor } from '../db/index.ts';
import type { WebhookAttemptsTable, WebhookMessagesTable } from '../db/schema.ts';
import { DUE_ROWS } from '../jobs/due-row-tables.ts';
import { claimDueRows, claimRowNow, stillActive, updateClaimedRows } from '../jobs/due-rows.repo.ts';
import type { DueClaim } from '../jobs/due-rows.ts';

export type MessageRow = Selectable<WebhookMessagesTable>;
export type AttemptRow = Selectable<WebhookAttemptsTable>;

const MESSAGES = DUE_ROWS.webhookMessages;

/** The enabled endpoints of a project and their types (for the announcer's cache). */
export async function listEnabledEndpointEvents(db: Executor, projectId: string) {
  const rows = await db
    .selectFrom('webhookEndpoints')
    .select(['id', 'events'])
    .where('projectId', '=', projectId)
    .where('enabled', '=', true)
    .execute();
  return rows.map((r) => ({ id: r.id, events: fromJson<string[]>(r.events) }));
}

export interface NewMessage {
  id: string;
  projectId: string;
  endpointId: string;
  type: string;
  payload: string;
  createdAt: Date;
}

/** Inserts PENDING messages due at `now`, in one statement. */
export async function insertMessages(db: Executor, rows: NewMessage[], now: Date): Promise<void> {
  await db
    .insertInto('webhookMessages')
    .values(rows.map((r) => ({ ...r, status: 'PENDING' as const, attempts: 0, nextAttemptAt: now })))
    .execute();
}

export interface MessageClaim extends DueClaim {
  /** At most this many messages of one endpoint per claim. */
  perEndpoint: number;
  /** Endpoints this worker holds as many messages of as it may: none of theirs. */
  skipEndpoints: string[];
}

/** How far down the due range a claim looks for messages of endpoints that may take more. */
const CLAIM_WINDOW = 1000;

/**
 * Claims up to `limit` due messages, at most `perEndpoint` per endpoint, none of an endpoint that is
 * disabled, resting after failures, or in `skipEndpoints`: SENDING, one more attempt, leased until
 * `leaseUntil` under `token`. Oldest due first, so one endpoint's backlog never hides another's.
 */
export async function claimDueMessages(db: Db, dialect: DialectSql, c: MessageClaim): Promise<MessageRow[]> {
  const now = c.now.toISOString();
  const skip = c.skipEndpoints.length > 0 ? c.skipEndpoints : [''];
  return claimDueRows(db, dialect, MESSAGES, c, {
    where: (eb) =>
      eb(
        'id',
        'in',
        eb
          .selectFrom(
            eb
              .selectFrom(
                eb
                  .selectFrom('webhookMessages as m')
                  .innerJoin('webhookEndpoints as e', 'e.id', 'm.endpointId')
                  .select(['m.id', 'm.endpointId', 'm.nextAttemptAt'])
                  .where(stillActive(MESSAGES, 'm'))
                  .where('m.nextAttemptAt', '<=', now)
                  .where('e.enabled', '=', true)
                  .where((w) => w.or([w('e.restingUntil', 'is', null), w('e.restingUntil', '<=', now)]))
                  .where('m.endpointId', 'not in', skip)
                  .orderBy('m.nextAttemptAt')
                  .limit(CLAIM_WINDOW)
                  .as('w'),
              )
              .select([
                'w.id',
                sql<number>`row_number() over (partition by w.endpoint_id order by w.next_attempt_at, w.id)`.as('rn'),
              ])
              .as('d'),
          )
          .select('d.id')
          .where('d.rn', '<=', c.perEndpoint),
      ),
  });
}

/** What one attempt did to its message: delivered, due again at `nextAt`, or failed for good. */
export interface MessageOutcome {
  id: string;
  projectId: string;
  leaseToken: string | null;
  status: 'DELIVERED' | 'PENDING' | 'FAILED';
  nextAt: Date;
  attempt: { id: string; at: Date; status: number | null; body: string; durationMs: number };
}

/** The columns of an outcome as `rowsSource` reads them. */
const OUTCOME_COLUMNS = {
  status: 'text',
  next_attempt_at: 'timestamp',
  last_attempt_at: 'timestamp',
  last_status: 'integer',
  last_body: 'text',
  last_duration_ms: 'integer',
} as const;

/**
 * Writes the outcomes in one statement, each only while its claim still holds (SENDING under the
 * same token), and the attempt of each one written; returns the ids written. A claim that was lost
 * (its lease ran out and another worker took the message) writes nothing, not even its attempt.
 */
export async function recordMessageOutcomes(
  db: Executor,
  dialect: DialectSql,
  outcomes: readonly MessageOutcome[],
): Promise<string[]> {
  const rows = outcomes.map((o) => ({
    id: o.id,
    token: o.leaseToken,
    status: o.status,
    next_attempt_at: o.nextAt,
    last_attempt_at: o.attempt.at,
    last_status: o.attempt.status,
    last_body: o.attempt.body,
    last_duration_ms: o.attempt.durationMs,
  }));
  const moved = await updateClaimedRows(db, dialect, MESSAGES, {
    columns: OUTCOME_COLUMNS,
    rows,
    same: { lease_token: null },
  });
  const written = outcomes.filter((o) => moved.has(o.id));
  if (written.length > 0) {
    await db
      .insertInto('webhookAttempts')
      .values(written.map((o) => ({ ...o.attempt, messageId: o.id, projectId: o.projectId })))
      .execute();
  }
  return written.map((o) => o.id);
}

/** Deletes up to `limit` delivered and failed messages created before `before` (their attempts go with them). */
export async function deleteFinishedMessagesBefore(db: Executor, before: Date, limit: number): Promise<number> {
  const r = await db
    .deleteFrom('webhookMessages')
    .where(
      'id',
      'in',
      db
        .selectFrom('webhookMessages')
        .select('id')
        .where('createdAt', '<', before.toISOString())
        .where('status', 'in', ['DELIVERED', 'FAILED'])
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** A page of the endpoint's messages, newest first, after `afterId` (limit + 1 rows: the extra says more exist). */
export async function listMessages(
  db: Executor,
  projectId: string,
  endpointId: string,
  q: { limit: number; afterId?: string; status?: 'PENDING' | 'DELIVERED' | 'FAILED' },
): Promise<MessageRow[]> {
  let query = db
    .selectFrom('webhookMessages')
    .selectAll()
    .where('endpointId', '=', endpointId)
    .where('projectId', '=', projectId);
  if (q.status) query = query.where('status', 'in', q.status === 'PENDING' ? ['PENDING', 'SENDING'] : [q.status]);
  if (q.afterId) query = query.where('id', '<', q.afterId);
  return query
    .orderBy('id', 'desc')
    .limit(q.limit + 1)
    .execute();
}

export async function countMessages(
  db: Executor,
  projectId: string,
  endpointId: string,
  status?: 'PENDING' | 'DELIVERED' | 'FAILED',
): Promise<number> {
  let query = db
    .selectFrom('webhookMessages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('endpointId', '=', endpointId)
    .where('projectId', '=', projectId);
  if (status) query = query.where('status', 'in', status === 'PENDING' ? ['PENDING', 'SENDING'] : [status]);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export async function findMessage(db: Executor, projectId: string, endpointId: string, id: string) {
  return db
    .selectFrom('webhookMessages')
    .selectAll()
    .where('id', '=', id)
    .where('endpointId', '=', endpointId)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
}

export async function listAttempts(db: Executor, projectId: string, messageId: string): Promise<AttemptRow[]> {
  return db
    .selectFrom('webhookAttempts')
    .selectAll()
    .where('messageId', '=', messageId)
    .where('projectId', '=', projectId)
    .orderBy('id')
    .execute();
}

/**
 * Takes one message for an attempt now (a retry a user asked for), whatever its status, unless a
 * worker holds it (SENDING under a lease not yet ended): SENDING under `token`, one more attempt.
 */
export async function claimMessageNow(
  db: Executor,
  m: { projectId: string; endpointId: string; id: string },
  c: { now: Date; leaseUntil: Date; token: string },
): Promise<MessageRow | undefined> {
  return claimRowNow(db, MESSAGES, m.id, c, (eb) =>
    eb.and([eb('endpointId', '=', m.endpointId), eb('projectId', '=', m.projectId)]),
  );
}

/** Inserts a message already claimed (SENDING under `token`, its first attempt counted): a test sent at once. */
export async function insertClaimedMessage(
  db: Executor,
  row: NewMessage,
  c: { leaseUntil: Date; token: string },
): Promise<MessageRow> {
  return db
    .insertInto('webhookMessages')
    .values({ ...row, status: 'SENDING', attempts: 1, nextAttemptAt: c.leaseUntil, leaseToken: c.token })
    .returningAll()
    .executeTakeFirstOrThrow();
}
