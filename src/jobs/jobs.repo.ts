/** SQL for the embedded (SQLite) job queue and the cron bookkeeping. */

import { toJson } from '../db/codecs.ts';
import type { Executor } from '../db/index.ts';
import { newId } from '../lib/ids.ts';

export interface NewJob {
  name: string;
  payload: Record<string, unknown>;
  runAt: Date;
  maxAttempts: number;
  jobKey?: string;
}

/** Inserts a job; with a key, replaces the pending job of that key (a locked one keeps running, unkeyed). */
export async function insertJob(db: Executor, job: NewJob, now: Date): Promise<void> {
  const row = {
    id: newId(),
    name: job.name,
    payload: toJson(job.payload),
    runAt: job.runAt,
    maxAttempts: job.maxAttempts,
    jobKey: job.jobKey ?? null,
    createdAt: now,
  };
  if (!job.jobKey) {
    await db.insertInto('jobs').values(row).execute();
    return;
  }
  // One transaction: a claim between unkeying the running job and the upsert would make the upsert
  // rewrite a job that is already running, and the new payload would never run.
  if (!db.isTransaction) return db.transaction().execute((trx) => insertJob(trx, job, now));
  await db
    .updateTable('jobs')
    .set({ jobKey: null })
    .where('jobKey', '=', job.jobKey)
    .where('lockedAt', 'is not', null)
    .execute();
  await db
    .insertInto('jobs')
    .values(row)
    .onConflict((oc) =>
      oc.column('jobKey').doUpdateSet({
        name: row.name,
        payload: row.payload,
        runAt: row.runAt,
        maxAttempts: row.maxAttempts,
        attempts: 0,
        lastError: null,
        failedAt: null,
      }),
    )
    .execute();
}

/** Locks the next due job for `worker` and counts the attempt; undefined when nothing is due. */
export async function claimJob(db: Executor, worker: string, now: Date) {
  return db
    .updateTable('jobs')
    .set((eb) => ({ lockedAt: now, lockedBy: worker, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', (eb) =>
      eb
        .selectFrom('jobs')
        .select('id')
        .where('failedAt', 'is', null)
        .where('lockedAt', 'is', null)
        .where('runAt', '<=', now.toISOString())
        .orderBy('runAt')
        .orderBy('id')
        .limit(1),
    )
    .where('lockedAt', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteJob(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('jobs').where('id', '=', id).execute();
}

/** Unlocks a failed attempt for a retry at `runAt`, or marks it failed for good when `runAt` is undefined. */
export async function updateJobFailure(db: Executor, id: string, error: string, runAt: Date | undefined, now: Date) {
  await db
    .updateTable('jobs')
    .set({
      lockedAt: null,
      lockedBy: null,
      lastError: error.slice(0, 4000),
      ...(runAt ? { runAt } : { failedAt: now }),
    })
    .where('id', '=', id)
    .execute();
}

/** The workers that hold a lock on some job right now. */
export async function listLockOwners(db: Executor): Promise<string[]> {
  const rows = await db
    .selectFrom('jobs')
    .select('lockedBy')
    .distinct()
    .where('lockedAt', 'is not', null)
    .where('lockedBy', 'is not', null)
    .execute();
  return rows.map((r) => r.lockedBy!);
}

/** Unlocks every job held by one of `workers` (workers known to be dead), so it runs again. */
export async function releaseLocks(db: Executor, workers: string[]): Promise<number> {
  if (workers.length === 0) return 0;
  const r = await db
    .updateTable('jobs')
    .set({ lockedAt: null, lockedBy: null })
    .where('lockedBy', 'in', workers)
    .where('lockedAt', 'is not', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Every job of a name, oldest first (for inspection and tests). */
export async function listJobs(db: Executor, name: string) {
  return db.selectFrom('jobs').selectAll().where('name', '=', name).orderBy('createdAt').orderBy('id').execute();
}

export async function deleteFailedJobsBefore(db: Executor, before: Date): Promise<void> {
  await db.deleteFrom('jobs').where('failedAt', '<', before.toISOString()).execute();
}

/** Records that the cron entry `name` fired for minute `at`; true only for the first caller for that minute. */
export async function claimCronRun(db: Executor, name: string, at: Date): Promise<boolean> {
  const row = await db
    .insertInto('cronState')
    .values({ name, lastRunAt: at })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({ lastRunAt: at }).where('cronState.lastRunAt', '<', at.toISOString()),
    )
    .returning('name')
    .executeTakeFirst();
  return row !== undefined;
}
