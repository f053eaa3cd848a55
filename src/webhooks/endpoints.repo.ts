/** SQL for a project's webhook endpoints: every query filters by project (tenant isolation). */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../db/index.ts';
import type { WebhookEndpointsTable } from '../db/schema.ts';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type NewEndpointRow = Insertable<WebhookEndpointsTable>;

export async function insertEndpoint(db: Executor, row: NewEndpointRow): Promise<EndpointRow> {
  return db.insertInto('webhookEndpoints').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function listEndpoints(db: Executor, projectId: string): Promise<EndpointRow[]> {
  return db.selectFrom('webhookEndpoints').selectAll().where('projectId', '=', projectId).orderBy('id').execute();
}

export async function countEndpoints(db: Executor, projectId: string): Promise<number> {
  const r = await db
    .selectFrom('webhookEndpoints')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('projectId', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function findEndpoint(db: Executor, projectId: string, id: string): Promise<EndpointRow | undefined> {
  return db
    .selectFrom('webhookEndpoints')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The endpoints named, whatever their project (the delivery worker's read of what it claimed). */
export async function findEndpointsByIds(db: Executor, ids: string[]): Promise<EndpointRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('webhookEndpoints').selectAll().where('id', 'in', ids).execute();
}

export async function updateEndpoint(
  db: Executor,
  projectId: string,
  id: string,
  set: Updateable<WebhookEndpointsTable>,
): Promise<EndpointRow | undefined> {
  return db
    .updateTable('webhookEndpoints')
    .set(set)
    .where('projectId', '=', projectId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteEndpoint(db: Executor, projectId: string, id: string): Promise<boolean> {
  const r = await db
    .deleteFrom('webhookEndpoints')
    .where('projectId', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  return r.numDeletedRows > 0n;
}
