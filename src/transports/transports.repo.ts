/**
 * SQL of a project's transports (migration 0026): the rows, every query filtered by project, and
 * what delivery keeps on them across workers: the failure streak and the pause. (Their one-second
 * send windows are counted by db/rate-windows.ts.)
 */
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Executor } from '../db/index.ts';
import { deleteProjectRow, findProjectRow, updateProjectRow } from '../db/project-rows.ts';
import type { TransportsTable } from '../db/schema.ts';

export type TransportRow = Selectable<TransportsTable>;

/** The project's transports in the order they are tried: priority, then age. */
export function listTransports(db: Executor, projectId: string): Promise<TransportRow[]> {
  return db
    .selectFrom('transports')
    .selectAll()
    .where('projectId', '=', projectId)
    .orderBy('priority')
    .orderBy('id')
    .execute();
}

export function findTransport(db: Executor, projectId: string, id: string): Promise<TransportRow | undefined> {
  return findProjectRow(db, 'transports', projectId, id);
}

export async function countTransports(db: Executor, projectId: string): Promise<number> {
  const r = await db
    .selectFrom('transports')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('projectId', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export function insertTransport(db: Executor, row: Insertable<TransportsTable>): Promise<TransportRow> {
  return db.insertInto('transports').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateTransport(
  db: Executor,
  projectId: string,
  id: string,
  set: Updateable<TransportsTable>,
): Promise<TransportRow | undefined> {
  return updateProjectRow(db, 'transports', projectId, id, set);
}

export function deleteTransport(db: Executor, projectId: string, id: string): Promise<boolean> {
  return deleteProjectRow(db, 'transports', projectId, id);
}

/** What every worker must see of a transport's health. */
export interface TransportHealthRow {
  id: string;
  consecutiveFailures: number;
  pausedUntil: string | null;
}

/** The failure streak and pause of the project's transports (one read per delivery batch). */
export function listTransportHealth(db: Executor, projectId: string): Promise<TransportHealthRow[]> {
  return db
    .selectFrom('transports')
    .select(['id', 'consecutiveFailures', 'pausedUntil'])
    .where('projectId', '=', projectId)
    .execute();
}

/** One more failure in a row, in one statement every worker's failures add up in. Answers the new state. */
export function addTransportFailure(db: Executor, id: string): Promise<TransportHealthRow | undefined> {
  return db
    .updateTable('transports')
    .set({ consecutiveFailures: sql`consecutive_failures + 1` })
    .where('id', '=', id)
    .returning(['id', 'consecutiveFailures', 'pausedUntil'])
    .executeTakeFirst();
}

/**
 * Pauses the transport until `until` while its streak is still at least `minStreak`: a success that
 * ended the streak since it was counted is not undone. Answers the new state, or undefined.
 */
export function pauseTransport(
  db: Executor,
  id: string,
  until: Date,
  minStreak: number,
): Promise<TransportHealthRow | undefined> {
  return db
    .updateTable('transports')
    .set({ pausedUntil: until })
    .where('id', '=', id)
    .where('consecutiveFailures', '>=', minStreak)
    .returning(['id', 'consecutiveFailures', 'pausedUntil'])
    .executeTakeFirst();
}

/** A success ends the streak and the pause; a transport without a streak is not written. */
export async function clearTransportFailures(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('transports')
    .set({ consecutiveFailures: 0, pausedUntil: null })
    .where('id', '=', id)
    .where('consecutiveFailures', '>', 0)
    .execute();
}
