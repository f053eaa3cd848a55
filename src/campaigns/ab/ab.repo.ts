/**
 * SQL of a campaign's A/B test (beyond.md §9): the test group, chosen once in the transaction that
 * starts the send, and the phase moves, each a conditional update so of two movers one wins.
 */
import { type Expression, type SqlBool, sql, type Updateable } from 'kysely';
import type { Executor } from '../../db/index.ts';
import type { AbPhase, CampaignsTable } from '../../db/schema.ts';
import type { CampaignRow } from '../campaigns.repo.ts';

/**
 * Picks `size` random contacts of the audience (`where`, over `contacts`) and gives them the variants
 * 0 … k-1 in turn, so the split is even within one. One statement; answers how many were stored.
 */
export async function insertTestGroup(
  db: Executor,
  g: { campaignId: string; projectId: string; where: Expression<SqlBool>; size: number; variants: number },
): Promise<number> {
  const r = await sql`insert into campaign_test_recipients (campaign_id, contact_id, variant)
    select ${g.campaignId}, picked.id, (row_number() over (order by picked.id) - 1) % ${g.variants}
    from (select contacts.id from contacts where contacts.project_id = ${g.projectId} and ${g.where}
          order by random() limit ${g.size}) picked`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/** Forgets the campaign's test group (a send that never went out, before the campaign is sent again). */
export async function deleteTestGroup(db: Executor, campaignId: string): Promise<void> {
  await db.deleteFrom('campaignTestRecipients').where('campaignId', '=', campaignId).execute();
}

/** The variant (index) of each of `contactIds` that is in the campaign's test group. */
export async function findTestAssignments(
  db: Executor,
  campaignId: string,
  contactIds: string[],
): Promise<Map<string, number>> {
  if (contactIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('campaignTestRecipients')
    .select(['contactId', 'variant'])
    .where('campaignId', '=', campaignId)
    .where('contactId', 'in', contactIds)
    .execute();
  return new Map(rows.map((r) => [r.contactId, Number(r.variant)]));
}

/** Moves a SENDING campaign's test from phase `from`; undefined when it is elsewhere (or no longer sending). */
export async function moveAbPhase(
  db: Executor,
  id: string,
  from: AbPhase,
  set: Updateable<CampaignsTable>,
): Promise<CampaignRow | undefined> {
  return db
    .updateTable('campaigns')
    .set(set)
    .where('id', '=', id)
    .where('status', '=', 'SENDING')
    .where('abPhase', '=', from)
    .returningAll()
    .executeTakeFirst();
}

/** When the campaign's last email so far was handed over; undefined when none was. */
export async function findLastSentAt(db: Executor, campaignId: string): Promise<Date | undefined> {
  const row = await db
    .selectFrom('emails')
    .select((eb) => eb.fn.max('sentAt').as('last'))
    .where(sql<boolean>`source_type = 'CAMPAIGN'`)
    .where('sourceId', '=', campaignId)
    .executeTakeFirst();
  return row?.last ? new Date(row.last) : undefined;
}

/** SENDING campaigns (any project) whose AUTO test's wait is over: the tick's catch-up for a lost decide job. */
export async function listDueDecisions(db: Executor, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('campaigns')
    .select('id')
    .where('status', '=', 'SENDING')
    .where('abPhase', '=', 'WAITING')
    .where('abDecideAt', '<=', now.toISOString())
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
