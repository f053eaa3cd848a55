/** SQL of topics and of contacts' topic choices (migration 0024). */

import type { Insertable, Updateable } from 'kysely';
import { type Selectable, sql } from 'kysely';
import type { Executor } from '../db/index.ts';
import type { TopicsTable } from '../db/schema.ts';

export type TopicRow = Selectable<TopicsTable>;

export function listTopics(db: Executor, projectId: string): Promise<TopicRow[]> {
  return db.selectFrom('topics').selectAll().where('projectId', '=', projectId).orderBy('id').execute();
}

export function findTopic(db: Executor, projectId: string, id: string): Promise<TopicRow | undefined> {
  return db.selectFrom('topics').selectAll().where('projectId', '=', projectId).where('id', '=', id).executeTakeFirst();
}

export async function countTopics(db: Executor, projectId: string): Promise<number> {
  const row = await db
    .selectFrom('topics')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('projectId', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertTopic(db: Executor, row: Insertable<TopicsTable>): Promise<void> {
  await db.insertInto('topics').values(row).execute();
}

export function updateTopic(
  db: Executor,
  projectId: string,
  id: string,
  patch: Updateable<TopicsTable>,
): Promise<TopicRow | undefined> {
  return db
    .updateTable('topics')
    .set(patch)
    .where('projectId', '=', projectId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes the topic (its choices go by cascade) unless a SCHEDULED or SENDING campaign uses it: false then. */
export async function deleteTopicUnlessInUse(db: Executor, projectId: string, id: string): Promise<boolean> {
  const gone = await db
    .deleteFrom('topics')
    .where('projectId', '=', projectId)
    .where('id', '=', id)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('campaigns')
            .select(sql.lit(1).as('one'))
            .where('campaigns.projectId', '=', projectId)
            .where('campaigns.topicId', '=', id)
            .where('campaigns.status', 'in', ['SCHEDULED', 'SENDING']),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}

/**
 * The campaigns left naming a deleted topic (drafts, sent and cancelled ones: a scheduled or sending
 * one blocks the delete) name none afterwards, so no view shows an id that leads nowhere.
 */
export async function clearCampaignTopic(db: Executor, projectId: string, id: string): Promise<void> {
  await db
    .updateTable('campaigns')
    .set({ topicId: null })
    .where('projectId', '=', projectId)
    .where('topicId', '=', id)
    .execute();
}

/**
 * Per topic of the project, how many subscribed contacts chose yes and how many chose no, and how
 * many contacts are subscribed at all (read only when `withTotal`: default topics count from it).
 */
export async function countTopicChoices(
  db: Executor,
  projectId: string,
  withTotal: boolean,
): Promise<{ choices: Map<string, { yes: number; no: number }>; subscribed: number }> {
  const rows = await db
    .selectFrom('contactTopics as ct')
    .innerJoin('contacts as c', 'c.id', 'ct.contactId')
    .select(['ct.topicId', 'ct.subscribed', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('ct.projectId', '=', projectId)
    .where('c.subscribed', '=', true)
    .groupBy(['ct.topicId', 'ct.subscribed'])
    .execute();
  const choices = new Map<string, { yes: number; no: number }>();
  for (const r of rows) {
    const entry = choices.get(r.topicId) ?? { yes: 0, no: 0 };
    if (r.subscribed) entry.yes += Number(r.n);
    else entry.no += Number(r.n);
    choices.set(r.topicId, entry);
  }
  if (!withTotal) return { choices, subscribed: 0 };
  const total = await db
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('projectId', '=', projectId)
    .where('subscribed', '=', true)
    .executeTakeFirstOrThrow();
  return { choices, subscribed: Number(total.n) };
}

export interface ChoiceRow {
  contactId: string;
  topicId: string;
  subscribed: boolean | number;
  updatedAt: string | Date;
}

/** The choices of the project's contacts among `contactIds`. */
export function listChoicesOf(db: Executor, projectId: string, contactIds: readonly string[]): Promise<ChoiceRow[]> {
  if (contactIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('contactTopics')
    .select(['contactId', 'topicId', 'subscribed', 'updatedAt'])
    .where('projectId', '=', projectId)
    .where('contactId', 'in', contactIds)
    .execute();
}

/** Writes the contact's choices (one row per topic, replaced). */
export async function upsertChoices(
  db: Executor,
  projectId: string,
  contactId: string,
  choices: { topicId: string; subscribed: boolean }[],
  now: Date,
): Promise<void> {
  if (choices.length === 0) return;
  await db
    .insertInto('contactTopics')
    .values(
      choices.map((c) => ({ contactId, topicId: c.topicId, projectId, subscribed: c.subscribed, updatedAt: now })),
    )
    .onConflict((oc) =>
      oc.columns(['contactId', 'topicId']).doUpdateSet((eb) => ({
        subscribed: eb.ref('excluded.subscribed'),
        updatedAt: eb.ref('excluded.updatedAt'),
      })),
    )
    .execute();
}
