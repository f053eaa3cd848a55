/** SQL for event rows and the counters the triggers keep beside them (migration 0009). */
import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import { toJson } from '../db/codecs.ts';
import type { Executor } from '../db/index.ts';
import type { Database } from '../db/schema.ts';

export interface NewEventRow {
  id: string;
  projectId: string;
  contactId: string | null;
  name: string;
  data: Record<string, unknown>;
  createdAt: Date;
}

/** Inserts event rows in one statement. */
export async function insertEvents(db: Executor, rows: NewEventRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('events')
    .values(
      rows.map((r) => ({
        id: r.id,
        projectId: r.projectId,
        contactId: r.contactId,
        name: r.name,
        data: toJson(r.data),
        createdAt: r.createdAt,
      })),
    )
    .execute();
}

/** A contact's events, oldest first. */
export async function listContactEvents(db: Executor, projectId: string, contactId: string) {
  return db
    .selectFrom('events')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('contactId', '=', contactId)
    .orderBy('id')
    .execute();
}

/** The contact's first event of that name at or after `since`, if any (through events_contact_name_idx). */
export async function findEventSince(db: Executor, projectId: string, contactId: string, name: string, since: Date) {
  return db
    .selectFrom('events')
    .selectAll()
    .where('contactId', '=', contactId)
    .where('name', '=', name)
    .where('createdAt', '>=', since.toISOString())
    .where('projectId', '=', projectId)
    .orderBy('createdAt')
    .limit(1)
    .executeTakeFirst();
}

/** Which events of a project a list or count means. */
export interface EventFilter {
  name?: string;
  contactId?: string;
  from?: Date;
  to?: Date;
}

function filtered<O>(q: SelectQueryBuilder<Database, 'events', O>, projectId: string, f: EventFilter) {
  let out = q.where('projectId', '=', projectId);
  if (f.name !== undefined) out = out.where('name', '=', f.name);
  if (f.contactId !== undefined) out = out.where('contactId', '=', f.contactId);
  if (f.from) out = out.where('createdAt', '>=', f.from.toISOString());
  if (f.to) out = out.where('createdAt', '<=', f.to.toISOString());
  return out;
}

/** One page of matching events, newest first, before `beforeId`; `limit + 1` rows (the extra says more exist). */
export async function listEvents(
  db: Executor,
  projectId: string,
  filter: EventFilter,
  page: { beforeId?: string; limit: number },
) {
  let q = filtered(db.selectFrom('events').selectAll(), projectId, filter);
  if (page.beforeId) q = q.where('id', '<', page.beforeId);
  return q
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute();
}

/** Matching event rows, counted up to `cap` (the count stops reading there). */
export async function countEventRows(db: Executor, projectId: string, filter: EventFilter, cap: number) {
  const row = await db
    .selectFrom((eb) => filtered(eb.selectFrom('events').select('id'), projectId, filter).limit(cap).as('m'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const nameTotals = (eb: ExpressionBuilder<Database, 'eventCounts'>) => [
  eb.fn.sum<number>('n').as('count'),
  eb.fn.max('lastSeenAt').as('lastSeenAt'),
];

/** Event names of the project with their counts (from the counters), names no longer present left out. */
export async function listNameCounts(
  db: Executor,
  projectId: string,
  opts: { orderBy: 'count' | 'name'; limit: number },
) {
  const q = db
    .selectFrom('eventCounts')
    .select('name')
    .select(nameTotals)
    .where('projectId', '=', projectId)
    .groupBy('name')
    .having((eb) => eb.fn.sum('n'), '>', 0);
  const ordered = opts.orderBy === 'count' ? q.orderBy('count', 'desc').orderBy('name') : q.orderBy('name');
  return ordered.limit(opts.limit).execute();
}

/** Events of the project (or of one name), and how many names have any, from the counters. */
export async function sumEventCounts(db: Executor, projectId: string, name?: string) {
  let q = db
    .selectFrom('eventCounts')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('total'),
      eb.fn.count<number>('name').distinct().as('names'),
    ])
    .where('projectId', '=', projectId)
    .where('n', '!=', 0);
  if (name !== undefined) q = q.where('name', '=', name);
  const row = await q.executeTakeFirstOrThrow();
  return { total: Number(row.total), names: Number(row.names) };
}

/** Events since each of the given hour keys (`YYYY-MM-DDTHH`, inclusive), from the hourly counters. */
export async function sumSinceHours(db: Executor, projectId: string, since: string[]): Promise<number[]> {
  const earliest = [...since].sort()[0]!;
  const row = await db
    .selectFrom('eventHourCounts')
    .select((eb) =>
      since.map((h, i) =>
        eb.fn
          .coalesce(
            eb.fn.sum<number>(eb.case().when('hour', '>=', h).then(eb.ref('n')).else(eb.lit(0)).end()),
            eb.lit(0),
          )
          .as(`s${i}`),
      ),
    )
    .where('projectId', '=', projectId)
    .where('hour', '>=', earliest)
    .executeTakeFirstOrThrow();
  return since.map((_, i) => Number((row as Record<string, unknown>)[`s${i}`]));
}

/** Deletes up to `size` events of that name from the project; returns how many went. */
export async function deleteEventsSlice(db: Executor, projectId: string, name: string, size: number) {
  const r = await db
    .deleteFrom('events')
    .where('id', 'in', (eb) =>
      eb.selectFrom('events').select('id').where('projectId', '=', projectId).where('name', '=', name).limit(size),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
