/** SQL for Idempotency-Key records: one row per project and key, holding the first response. */
import { sql } from 'kysely';
import type { Executor } from '../db/index.ts';

export interface KeyClaim {
  projectId: string;
  key: string;
  bodyHash: string;
  now: Date;
  expiresAt: Date;
  /** A running claim older than this is taken to be abandoned by a crashed process. */
  staleBefore: Date;
}

/**
 * Takes the key for this request: inserts it, or takes over an expired or abandoned one. False when
 * another request holds it (running or finished).
 */
export async function claimIdempotencyKey(db: Executor, c: KeyClaim): Promise<boolean> {
  const row = await db
    .insertInto('idempotencyKeys')
    .values({ projectId: c.projectId, key: c.key, bodyHash: c.bodyHash, createdAt: c.now, expiresAt: c.expiresAt })
    .onConflict((oc) =>
      oc
        .columns(['projectId', 'key'])
        .doUpdateSet({
          bodyHash: c.bodyHash,
          statusCode: null,
          response: null,
          createdAt: c.now,
          expiresAt: c.expiresAt,
        })
        .where((eb) =>
          eb.or([
            eb('idempotencyKeys.expiresAt', '<', c.now.toISOString()),
            eb.and([
              eb('idempotencyKeys.statusCode', 'is', null),
              eb('idempotencyKeys.createdAt', '<', c.staleBefore.toISOString()),
            ]),
          ]),
        ),
    )
    .returning(sql<string>`1`.as('claimed'))
    .executeTakeFirst();
  return row !== undefined;
}

export async function findIdempotencyKey(db: Executor, projectId: string, key: string) {
  return db
    .selectFrom('idempotencyKeys')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Stores the response of the request holding the key. */
export async function completeIdempotencyKey(
  db: Executor,
  projectId: string,
  key: string,
  statusCode: number,
  response: string,
): Promise<void> {
  await db
    .updateTable('idempotencyKeys')
    .set({ statusCode, response })
    .where('projectId', '=', projectId)
    .where('key', '=', key)
    .execute();
}

export async function deleteIdempotencyKey(db: Executor, projectId: string, key: string): Promise<void> {
  await db.deleteFrom('idempotencyKeys').where('projectId', '=', projectId).where('key', '=', key).execute();
}

export async function pruneIdempotencyKeys(db: Executor, now: Date): Promise<void> {
  await db.deleteFrom('idempotencyKeys').where('expiresAt', '<', now.toISOString()).execute();
}
