/** SQL for the embedded (SQLite) job queue and the cron bookkeeping. */

import type { ExpressionBuilder } from 'kysely';
import { toJson } from '../db/codecs.ts';
import type { DialectSql } from '../db/dialect.ts';
import type { Executor } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
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
  await insertJobs(db, [job], now);
}

// 8 bound values a row: far below SQLite's 32766 per statement.
const INSERT_CHUNK = 1000;

/**
 * Inserts jobs in one transaction (the caller's, or its own). A keyed job replaces the pending job of
 * its key; a running job of that key loses the key and keeps running, and the new one waits.
 * Keys must be distinct within `jobs`.
 */
export async function insertJobs(db: Executor, jobs: NewJob[], now: Date): Promise<void> {
  if (jobs.length === 0) return;
  // One transaction: a claim between unkeying the running job and the upsert would make the upsert
  // rewrite a job that is already running, and the new payload would never run.
  if (!db.isTransaction) return db.transaction().execute((trx) => insertJobs(trx, jobs, now));
  const keys = jobs.flatMap((j) => (j.jobKey ? [j.jobKey] : []));
  for (let i = 0; i < keys.length; i += INSERT_CHUNK) {
    await db
      .updateTable('jobs')
      .set({ jobKey: null })
      .where('jobKey', 'in', keys.slice(i, i + INSERT_CHUNK))
      .where('lockedAt', 'is not', null)
      .execute();
  }
  for (let i = 0; i < jobs.length; i += INSERT_CHUNK) {
    const rows = jobs.slice(i, i + INSERT_CHUNK).map((job) => ({
      id: newId(),
      name: job.name,
      payload: toJson(job.payload),
      runAt: job.runAt,
      maxAttempts: job.maxAttempts,
      jobKey: job.jobKey ?? null,
      createdAt: now,
    }));
    await db
      .insertInto('jobs')
      .values(rows)
      .onConflict((oc) =>
        oc.column('jobKey').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          payload: eb.ref('excluded.payload'),
          runAt: eb.ref('excluded.runAt'),
          maxAttempts: eb.ref('excluded.maxAttempts'),
          attempts: 0,
          lastError: null,
          failedAt: null,
        })),
      )
      .execute();
  }
}

/** Locks the next due job for `worker` until `leaseUntil` and counts the attempt; undefined when nothing is due. */
export async function claimJob(db: Executor, dialect: DialectSql, worker: string, now: Date, leaseUntil: Date) {
  const [job] = await dialect.claimRows<Database, 'jobs'>(db, {
    table: 'jobs',
    where: (eb) =>
      eb.and([eb('failedAt', 'is', null), eb('lockedAt', 'is', null), eb('runAt', '<=', now.toISOString())]),
    orderBy: ['runAt', 'id'],
    limit: 1,
    set: (eb) => ({ lockedAt: now, lockedBy: worker, leaseUntil, attempts: eb('attempts', '+', 1) }),
  });
  return job;
}

/** A claim on a job: who holds it and which attempt it is (a later claim of the same job has another). */
export interface JobLock {
  id: string;
  worker: string;
  attempt: number;
}

const held = (lock: JobLock) => (eb: ExpressionBuilder<Database, 'jobs'>) =>
  eb.and([eb('id', '=', lock.id), eb('lockedBy', '=', lock.worker), eb('attempts', '=', lock.attempt)]);

/** Extends a held lock; false when the job was taken back or finished meanwhile. */
export async function renewJobLease(db: Executor, lock: JobLock, leaseUntil: Date): Promise<boolean> {
  const r = await db.updateTable('jobs').set({ leaseUntil }).where(held(lock)).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Removes a job that ran to the end, only while this claim still holds it. */
export async function deleteJob(db: Executor, lock: JobLock): Promise<void> {
  await db.deleteFrom('jobs').where(held(lock)).execute();
}

/** Unlocks a failed attempt for a retry at `runAt`, or marks it failed for good when `runAt` is undefined. */
export async function updateJobFailure(db: Executor, lock: JobLock, error: string, runAt: Date | undefined, now: Date) {
  await db
    .updateTable('jobs')
    .set({
      lockedAt: null,
      lockedBy: null,
      leaseUntil: null,
      lastError: error.slice(0, 4000),
      ...(runAt ? { runAt } : { failedAt: now }),
    })
    .where(held(lock))
    .execute();
}

/**
 * Takes back jobs whose lease ran out (their worker died, or their handler hung past its run time):
 * those with attempts left run again now, the others are marked failed. Locks from before leases
 * existed (no lease_until) count as expired. Returns how many were taken back.
 */
export async function takeBackExpiredJobs(db: Executor, now: Date): Promise<number> {
  const expired = (eb: ExpressionBuilder<Database, 'jobs'>) =>
    eb.and([
      eb('lockedAt', 'is not', null),
      eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now.toISOString())]),
    ]);
  const error = 'the lease ran out: the worker died or the handler ran past its time';
  const unlock = { lockedAt: null, lockedBy: null, leaseUntil: null, lastError: error };
  return db.transaction().execute(async (trx) => {
    const failed = await trx
      .updateTable('jobs')
      .set({ ...unlock, failedAt: now })
      .where(expired)
      .whereRef('attempts', '>=', 'maxAttempts')
      .executeTakeFirst();
    const retried = await trx
      .updateTable('jobs')
      .set({ ...unlock, runAt: now })
      .where(expired)
      .executeTakeFirst();
    return Number(failed.numUpdatedRows) + Number(retried.numUpdatedRows);
  });
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
