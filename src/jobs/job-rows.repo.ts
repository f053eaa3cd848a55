/**
 * SQL for job rows: feature tables that track long work (imports, bulk actions; later the outbox,
 * campaign fan-out, workflow steps). They share the columns `id, status, attempts, lease_until,
 * failure_reason, updated_at, finished_at`; every state change here is a conditional update.
 * `attempts` doubles as the fencing token of a lease: each claim increments it, so a writer whose
 * claim was superseded matches no row.
 */
import type { ExpressionBuilder, Selectable, Updateable } from 'kysely';
import type { DialectSql } from '../db/dialect.ts';
import type { Executor } from '../db/index.ts';
import type { ProjectResetsTable } from '../db/safety-tables.ts';
import type {
  BulkJobsTable,
  CampaignDispatchesTable,
  Database,
  ImportJobsTable,
  SuppressionImportsTable,
} from '../db/schema.ts';
import type { WorkflowFanoutsTable } from '../db/workflow-tables.ts';

/** The tables that are job rows. A feature adding one lists it here. */
export interface JobRowTables {
  importJobs: ImportJobsTable;
  bulkJobs: BulkJobsTable;
  campaignDispatches: CampaignDispatchesTable;
  workflowFanouts: WorkflowFanoutsTable;
  projectResets: ProjectResetsTable;
  suppressionImports: SuppressionImportsTable;
}
export type JobRowTable = keyof JobRowTables & keyof Database;
export type JobRow<T extends JobRowTable> = Selectable<JobRowTables[T]>;
/** Columns a feature writes with its progress (cursor, counts), in the same statement as the lease check. */
export type JobRowProgress<T extends JobRowTable> = Updateable<JobRowTables[T]>;
export type JobOutcome = { status: 'completed' } | { status: 'failed'; reason: string };

const ACTIVE = ['queued', 'processing'] as const;
const REASON_MAX = 1000;

/** No run holds the row: no lease, or one that has run out. */
function leaseFree(eb: ExpressionBuilder<Database, JobRowTable>, now: Date) {
  return eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now.toISOString())]);
}

/** What ending a row writes: the status, the reason of a failure, no lease. */
function ended(status: 'completed' | 'failed', reason: string | null, now: Date) {
  return {
    status,
    failureReason: reason === null ? null : reason.slice(0, REASON_MAX),
    leaseUntil: null,
    updatedAt: now,
    finishedAt: now,
  };
}

/** A claim's identity: the row and the attempt number its claim set. */
export interface LeaseKey {
  id: string;
  attempt: number;
}

/**
 * Claims the row for a run: only while it is queued or processing, its lease is free or expired and
 * it has runs left. Sets the lease, counts the attempt; undefined when any condition fails.
 */
export async function claimJobRow<T extends JobRowTable>(
  db: Executor,
  table: T,
  id: string,
  at: { now: Date; leaseUntil: Date; maxAttempts: number },
): Promise<JobRow<T> | undefined> {
  const row = await db
    .updateTable(table as JobRowTable)
    .set((eb) => ({
      status: 'processing',
      attempts: eb('attempts', '+', 1),
      leaseUntil: at.leaseUntil,
      updatedAt: at.now,
    }))
    .where('id', '=', id)
    .where('status', 'in', ACTIVE)
    .where('attempts', '<', at.maxAttempts)
    .where((eb) => leaseFree(eb, at.now))
    .returningAll()
    .executeTakeFirst();
  return row as JobRow<T> | undefined;
}

/** The row, whatever its state (to tell why a claim failed). */
export async function findJobRow<T extends JobRowTable>(db: Executor, table: T, id: string) {
  const row = await db
    .selectFrom(table as JobRowTable)
    .select(['id', 'status', 'attempts', 'leaseUntil', 'failureReason'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row;
}

/**
 * Writes `progress` and extends the lease, only while `lease` is the row's current claim and it is
 * processing. False when another run has claimed it since (or it ended): the caller's transaction
 * must then roll back.
 */
export async function renewJobRow<T extends JobRowTable>(
  db: Executor,
  table: T,
  lease: LeaseKey,
  at: { now: Date; leaseUntil: Date | null },
  progress: JobRowProgress<T> = {},
): Promise<boolean> {
  const r = await db
    .updateTable(table as JobRowTable)
    .set({ ...(progress as object), leaseUntil: at.leaseUntil, updatedAt: at.now })
    .where('id', '=', lease.id)
    .where('attempts', '=', lease.attempt)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Keeps the latest error of the claim's run (so a final failure can say why) and gives the claim up,
 * so the retry can claim the row at once.
 */
export async function noteJobRowError(db: Executor, table: JobRowTable, lease: LeaseKey, message: string, now: Date) {
  await db
    .updateTable(table)
    .set({ failureReason: message.slice(0, REASON_MAX), leaseUntil: null, updatedAt: now })
    .where('id', '=', lease.id)
    .where('attempts', '=', lease.attempt)
    .where('status', '=', 'processing')
    .execute();
}

/**
 * Ends the row as completed or failed (with the reason) and drops its lease; with `lease`, only while
 * that claim is current. False if it had ended or was claimed by another run.
 */
export async function finishJobRow(
  db: Executor,
  table: JobRowTable,
  id: string,
  outcome: JobOutcome,
  now: Date,
  lease?: LeaseKey,
): Promise<boolean> {
  const r = await db
    .updateTable(table)
    .set(ended(outcome.status, outcome.status === 'failed' ? outcome.reason : null, now))
    .where('id', '=', id)
    .where('status', 'in', ACTIVE)
    .$if(lease !== undefined, (q) => q.where('attempts', '=', lease!.attempt))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Fails a row that used all its runs and holds no live lease; false when it does not qualify. */
export async function failExhaustedJobRow(
  db: Executor,
  table: JobRowTable,
  id: string,
  reason: string,
  at: { now: Date; maxAttempts: number },
): Promise<boolean> {
  const r = await db
    .updateTable(table)
    .set(ended('failed', reason, at.now))
    .where('id', '=', id)
    .where('status', 'in', ACTIVE)
    .where('attempts', '>=', at.maxAttempts)
    .where((eb) => leaseFree(eb, at.now))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Takes back up to `limit` unfinished rows nobody is working on: an expired lease (a dead or hung
 * run), or no lease and untouched since `idleBefore` (a queue entry that never ran or was lost).
 * Stamps them touched, so the same row is taken back again only after another idle period.
 */
export async function claimStaleJobRows(
  db: Executor,
  dialect: DialectSql,
  table: JobRowTable,
  at: { now: Date; idleBefore: Date; limit: number },
) {
  const rows = await dialect.claimRows<Database, JobRowTable>(db, {
    table,
    where: (eb) =>
      eb.and([
        eb('status', 'in', ACTIVE),
        eb.or([
          eb('leaseUntil', '<', at.now.toISOString()),
          eb.and([eb('leaseUntil', 'is', null), eb('updatedAt', '<', at.idleBefore.toISOString())]),
        ]),
      ]),
    orderBy: ['updatedAt', 'id'],
    limit: at.limit,
    set: { leaseUntil: null, updatedAt: at.now },
  });
  return rows.map((r) => ({ id: r.id, attempts: r.attempts, failureReason: r.failureReason }));
}
