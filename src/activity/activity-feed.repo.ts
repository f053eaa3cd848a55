/**
 * SQL of the activity feed (activity_feed, kept by the triggers of migration 0016) and of the
 * upcoming work. Every page is an index range read newest first from a (created_at, id) position, so
 * its cost follows `limit` (times the number of types asked for), never the project's size.
 */
import { sql } from 'kysely';
import type { Executor } from '../db/index.ts';

export interface FeedFilter {
  /** Undefined: every type; otherwise one index range per type, merged. */
  types?: string[];
  contactId?: string;
  /** ISO instants: from inclusive, to exclusive. */
  from?: string;
  to?: string;
}

/** The position after the last item of a page. */
export interface FeedPosition {
  at: string;
  id: string;
}

function matching(db: Executor, projectId: string, f: FeedFilter, type: string | undefined) {
  let q = db.selectFrom('activityFeed').selectAll().where('projectId', '=', projectId);
  if (type !== undefined) q = q.where('type', '=', type);
  if (f.contactId !== undefined) q = q.where('contactId', '=', f.contactId);
  if (f.from !== undefined) q = q.where('createdAt', '>=', f.from);
  if (f.to !== undefined) q = q.where('createdAt', '<', f.to);
  return q;
}

/** The next `limit + 1` feed rows after `after` (the extra row says more exist), newest first, with what they name. */
export async function listFeed(
  db: Executor,
  projectId: string,
  f: FeedFilter,
  page: { after?: FeedPosition; limit: number },
) {
  const arm = (type: string | undefined) => {
    let q = matching(db, projectId, f, type);
    // A row value: both databases read it as one index range (an OR of two conditions they would not).
    if (page.after)
      q = q.where((eb) => eb(eb.refTuple('createdAt', 'id'), '<', eb.tuple(page.after!.at, page.after!.id)));
    return db
      .selectFrom(
        q
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .limit(page.limit + 1)
          .as('a'),
      )
      .selectAll();
  };
  const arms = (f.types ?? [undefined]).map(arm);
  let rows = arms[0]!;
  for (const other of arms.slice(1)) rows = rows.unionAll(other);
  const top = db
    .selectFrom(rows.as('u'))
    .selectAll()
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit + 1);
  return (
    db
      .selectFrom(top.as('f'))
      .leftJoin('events as ev', (j) => j.onRef('ev.id', '=', 'f.id').onRef('ev.projectId', '=', 'f.projectId'))
      .leftJoin('contacts as c', (j) => j.onRef('c.id', '=', 'f.contactId').onRef('c.projectId', '=', 'f.projectId'))
      .leftJoin('emails as e', (j) => j.onRef('e.id', '=', 'f.emailId').onRef('e.projectId', '=', 'f.projectId'))
      // An email of a workflow names its execution; a campaign email its campaign.
      .leftJoin('workflowExecutions as x', (j) =>
        j.on('e.sourceType', '=', 'WORKFLOW').onRef('x.id', '=', 'e.sourceId').onRef('x.projectId', '=', 'f.projectId'),
      )
      .leftJoin('campaigns as cp', (j) =>
        j
          .on((eb) =>
            eb(
              'cp.id',
              '=',
              eb.fn.coalesce(
                'f.campaignId',
                eb.case().when('e.sourceType', '=', 'CAMPAIGN').then(eb.ref('e.sourceId')).end(),
              ),
            ),
          )
          .onRef('cp.projectId', '=', 'f.projectId'),
      )
      .leftJoin('workflows as w', (j) =>
        j
          .on((eb) => eb('w.id', '=', eb.fn.coalesce('f.workflowId', 'x.workflowId')))
          .onRef('w.projectId', '=', 'f.projectId'),
      )
      .select([
        'f.id',
        'f.type',
        'f.createdAt',
        'f.data',
        'f.contactId',
        'f.emailId',
        'ev.name as eventName',
        'ev.data as eventData',
        'c.email as contactEmail',
        'e.subject as emailSubject',
        'cp.id as campaignId',
        'cp.name as campaignName',
        'w.id as workflowId',
        'w.name as workflowName',
      ])
      .orderBy('f.createdAt', 'desc')
      .orderBy('f.id', 'desc')
      .execute()
  );
}

export type FeedRow = Awaited<ReturnType<typeof listFeed>>[number];

/** Matching feed rows, counted up to `cap` (the count stops reading there). */
export async function countFeed(db: Executor, projectId: string, f: FeedFilter, cap: number): Promise<number> {
  let q = matching(db, projectId, { ...f, types: undefined }, undefined)
    .clearSelect()
    .select('id');
  if (f.types !== undefined) q = q.where('type', 'in', f.types);
  const row = await db
    .selectFrom(q.limit(cap).as('m'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Feed rows per type over the UTC hours [fromHour, toHour), from the hourly counters. */
export async function sumTypesBetween(db: Executor, projectId: string, fromHour: string, toHour: string) {
  return db
    .selectFrom('activityHourCounts')
    .select((eb) => ['type', eb.fn.sum<number>('n').as('count')])
    .where('projectId', '=', projectId)
    .where('hour', '>=', fromHour)
    .where('hour', '<', toHour)
    .groupBy('type')
    .execute();
}

/** Which of `types` have at least one feed row: one index probe per type. */
export async function presentTypes<T extends string>(
  db: Executor,
  projectId: string,
  types: readonly T[],
): Promise<T[]> {
  const probes = types.map((t, i) =>
    sql<number | null>`(select 1 from activity_feed where project_id = ${projectId} and type = ${t} limit 1)`.as(
      `t${i}`,
    ),
  );
  const row = (await db.selectNoFrom(probes).executeTakeFirstOrThrow()) as Record<string, unknown>;
  return types.filter((_, i) => row[`t${i}`] !== null && row[`t${i}`] !== undefined);
}

/** SCHEDULED campaigns of the project, soonest first (campaigns_project_scheduled_idx). */
export async function listScheduledCampaigns(db: Executor, projectId: string, limit: number) {
  return db
    .selectFrom('campaigns')
    .select(['id', 'name', 'scheduledAt', 'totalRecipients'])
    .where('projectId', '=', projectId)
    .where('status', '=', 'SCHEDULED')
    .where('scheduledAt', 'is not', null)
    .orderBy('scheduledAt')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * WAITING executions of the project with their workflow and contact, soonest due first
 * (workflow_executions_project_waiting_idx); `due: false` gives those waiting without a due time.
 */
export async function listWaitingExecutions(db: Executor, projectId: string, due: boolean, limit: number) {
  return db
    .selectFrom('workflowExecutions as x')
    .innerJoin('workflows as w', 'w.id', 'x.workflowId')
    .innerJoin('contacts as c', 'c.id', 'x.contactId')
    .select([
      'x.id',
      'x.dueAt',
      'x.waitingEvent',
      'x.currentStepId',
      'w.id as workflowId',
      'w.name as workflowName',
      'c.id as contactId',
      'c.email as contactEmail',
    ])
    .where('x.projectId', '=', projectId)
    .where('x.status', '=', 'WAITING')
    .where('x.dueAt', due ? 'is not' : 'is', null)
    .orderBy('x.dueAt')
    .orderBy('x.id')
    .limit(limit)
    .execute();
}
