/**
 * SQL of a campaign's send: its fan-out job row (campaign_dispatches, id = the campaign's), the
 * campaign's outbox rows as a whole (cancel, finish), and the scheduler's look-ups. The fan-out's
 * cursor and counts move through src/jobs/job-rows.ts; the batch insert is outbox.repo.ts's.
 */
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { DialectSql } from '../../db/dialect.ts';
import type { Executor } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';

// Literal: the partial unique index emails_campaign_contact_uq serves only queries that visibly say so.
const CAMPAIGN_ROWS = sql<boolean>`source_type = 'CAMPAIGN'`;
/** lastError of a campaign row that was never sent because its campaign was cancelled. */
export const CANCELLED_ERROR = 'Campaign cancelled';

/** The fan-out row of a send that starts now: queued, its audience bounded by `maxContactId`. */
export async function insertDispatch(
  db: Executor,
  row: { id: string; projectId: string; maxContactId: string; now: Date },
): Promise<void> {
  await db
    .insertInto('campaignDispatches')
    .values({
      id: row.id,
      projectId: row.projectId,
      status: 'queued',
      maxContactId: row.maxContactId,
      createdAt: row.now,
      updatedAt: row.now,
    })
    .execute();
}

export async function deleteDispatch(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('campaignDispatches').where('id', '=', id).execute();
}

/** How many outbox rows the campaign has. */
export async function countCampaignRows(db: Executor, campaignId: string): Promise<number> {
  const row = await db
    .selectFrom('emails')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(CAMPAIGN_ROWS)
    .where('sourceId', '=', campaignId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * SENDING → SENT, only once the audience walk completed and no row of the campaign is PENDING or
 * SENDING (never inferred from an empty batch alone); an A/B test's only once its winner's walk did
 * (its phase becomes DONE). One statement; undefined when not yet.
 */
export async function finishCampaign(db: Executor, id: string, now: Date) {
  return db
    .updateTable('campaigns')
    .set({
      status: 'SENT',
      sentAt: now,
      updatedAt: now,
      abPhase: sql`case when ab_phase is null then null else 'DONE' end`,
    })
    .where('id', '=', id)
    .where('status', '=', 'SENDING')
    .where((eb) => eb.or([eb('abPhase', 'is', null), eb('abPhase', '=', 'SENDING_WINNER')]))
    .where(HANDED_OVER)
    .returning(['id', 'projectId', 'name', 'subject', 'sentAt'])
    .executeTakeFirst();
}

/**
 * TESTING → WAITING once the test group's walk completed and none of its rows is PENDING or SENDING:
 * every test email was handed over (or failed for good). Undefined when not yet (or not a test).
 */
export async function endTestPhase(db: Executor, id: string, now: Date) {
  return db
    .updateTable('campaigns')
    .set({ abPhase: 'WAITING', updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'SENDING')
    .where('abPhase', '=', 'TESTING')
    .where(HANDED_OVER)
    .returningAll()
    .executeTakeFirst();
}

/** The fan-out row queued again from the start (the winner's walk of the same frozen audience). */
export async function restartDispatch(db: Executor, id: string, now: Date): Promise<void> {
  await db
    .updateTable('campaignDispatches')
    .set({
      status: 'queued',
      cursor: '',
      attempts: 0,
      leaseUntil: null,
      failureReason: null,
      finishedAt: null,
      updatedAt: now,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * The campaign's walk completed and none of its rows waits to go out (literal source_type: the
 * partial index on campaign rows serves only queries that visibly say so).
 */
const HANDED_OVER = sql<SqlBool>`(exists (select 1 from campaign_dispatches d
    where d.id = campaigns.id and d.status = 'completed')
  and not exists (select 1 from emails m where m.source_type = 'CAMPAIGN' and m.source_id = campaigns.id
    and m.status in ('PENDING', 'SENDING')))`;

/**
 * SENDING campaigns (any project) whose audience walk completed: the ones a finish check may end. An
 * A/B test waiting for its winner is not one: its end comes after the winner's walk.
 */
export async function listWalkedSending(db: Executor, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('campaigns')
    .innerJoin('campaignDispatches as d', 'd.id', 'campaigns.id')
    .select('campaigns.id')
    .where('campaigns.status', '=', 'SENDING')
    .where(notWaitingForWinner)
    .where('d.status', '=', 'completed')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Who of an audience (`where`, over `contacts`) a send reaches, as the fan-out walks it: contacts up to
 * the frozen id, subscribed ones only when asked, and none an address or domain rule in force at `now`
 * holds (each an index probe: suppression_rules_email_uq, suppression_rules_domain_uq). Erased
 * addresses are kept only as hashes: the fan-out leaves those out (suppressions/holds.ts).
 */
export function recipientsWhere(
  where: Expression<SqlBool>,
  o: { upTo: string; subscribedOnly: boolean; dialect: DialectSql; now: Date },
): Expression<SqlBool> {
  const subscribed = o.subscribedOnly ? sql`and contacts.subscribed = ${sql.lit(true)}` : sql``;
  const live = sql`(s.expires_at is null or s.expires_at > ${o.now.toISOString()})`;
  return sql<SqlBool>`(${where} and contacts.id <= ${o.upTo} ${subscribed}
    and not exists (select 1 from suppressions s
      where s.project_id = contacts.project_id and s.email = contacts.email and ${live})
    and not exists (select 1 from suppressions s
      where s.project_id = contacts.project_id and s.domain = ${o.dialect.emailDomain('contacts.email')} and ${live}))`;
}

/**
 * True while the campaign is SENDING and its audience walk has completed (its rows may still be going
 * out); false while an A/B test waits for its winner, so no finish check keeps coming back meanwhile.
 */
export async function isWalkedSending(db: Executor, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('campaigns')
    .innerJoin('campaignDispatches as d', 'd.id', 'campaigns.id')
    .select('campaigns.id')
    .where('campaigns.id', '=', id)
    .where('campaigns.status', '=', 'SENDING')
    .where(notWaitingForWinner)
    .where('d.status', '=', 'completed')
    .executeTakeFirst();
  return row !== undefined;
}

function notWaitingForWinner(eb: ExpressionBuilder<Database, 'campaigns'>) {
  return eb.or([eb('campaigns.abPhase', 'is', null), eb('campaigns.abPhase', '<>', 'WAITING')]);
}

/** When the campaign's next PENDING row falls due; undefined when none waits. */
export async function findNextPendingAt(db: Executor, campaignId: string): Promise<Date | undefined> {
  const row = await db
    .selectFrom('emails')
    .select((eb) => eb.fn.min('nextAttemptAt').as('next'))
    .where(CAMPAIGN_ROWS)
    .where('sourceId', '=', campaignId)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return row?.next ? new Date(row.next) : undefined;
}
