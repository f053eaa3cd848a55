/**
 * SQL for executions as the API sees them: one with its step history, a page of them, a count, and
 * the cancels and deletes that end them. The engine's own statements are in engine/executions.repo.ts.
 */
import type { ExpressionBuilder } from 'kysely';
import type { Executor } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import type { ExecutionStatus } from '../db/workflow-tables.ts';
import { ACTIVE, type ExecutionRow, type StepRunRow } from './engine/executions.repo.ts';

/** The contact's address beside an execution row (null once the contact is gone). */
export type ExecutionWithEmail = ExecutionRow & { contactEmail: string | null };

export async function findExecution(
  db: Executor,
  projectId: string,
  workflowId: string,
  id: string,
): Promise<ExecutionWithEmail | undefined> {
  return withEmail(db, projectId, workflowId).where('id', '=', id).executeTakeFirst();
}

/** The workflow's executions, each with its contact's address. */
function withEmail(db: Executor, projectId: string, workflowId: string) {
  return db
    .selectFrom('workflowExecutions')
    .selectAll('workflowExecutions')
    .select(contactEmail)
    .where('projectId', '=', projectId)
    .where('workflowId', '=', workflowId);
}

const contactEmail = (eb: ExpressionBuilder<Database, 'workflowExecutions'>) =>
  eb
    .selectFrom('contacts')
    .select('contacts.email')
    .whereRef('contacts.id', '=', 'workflowExecutions.contactId')
    .whereRef('contacts.projectId', '=', 'workflowExecutions.projectId')
    .as('contactEmail');

export async function listStepRuns(db: Executor, projectId: string, executionId: string): Promise<StepRunRow[]> {
  return db
    .selectFrom('workflowStepRuns')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('executionId', '=', executionId)
    .orderBy('id')
    .execute();
}

/** One page of the workflow's executions, newest first, before `beforeId`; `limit + 1` rows. */
export async function listExecutions(
  db: Executor,
  projectId: string,
  workflowId: string,
  page: { status?: ExecutionStatus; beforeId?: string; limit: number },
): Promise<ExecutionWithEmail[]> {
  return withEmail(db, projectId, workflowId)
    .$if(page.status !== undefined, (q) => q.where('status', '=', page.status!))
    .$if(page.beforeId !== undefined, (q) => q.where('id', '<', page.beforeId!))
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute();
}

/** The workflow's executions (of a status), counted up to `cap`. */
export async function countExecutions(
  db: Executor,
  projectId: string,
  workflowId: string,
  status: ExecutionStatus | undefined,
  cap: number,
): Promise<number> {
  const row = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('workflowExecutions')
        .select('id')
        .where('projectId', '=', projectId)
        .where('workflowId', '=', workflowId)
        .$if(status !== undefined, (q) => q.where('status', '=', status!))
        .limit(cap)
        .as('m'),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Cancels one active execution; the row as it ended, or undefined when it was not active. */
export async function cancelExecution(db: Executor, projectId: string, workflowId: string, id: string, now: Date) {
  return db
    .updateTable('workflowExecutions')
    .set(cancelled(now))
    .where(ACTIVE)
    .where('projectId', '=', projectId)
    .where('workflowId', '=', workflowId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

const cancelled = (now: Date) => ({
  status: 'CANCELLED' as const,
  leaseToken: null,
  leaseUntil: null,
  dueAt: null,
  endedAt: now,
  updatedAt: now,
});

/** Cancels up to `size` active executions of the workflow; returns how many. */
export async function cancelActiveSlice(db: Executor, projectId: string, workflowId: string, size: number, now: Date) {
  const r = await db
    .updateTable('workflowExecutions')
    .set(cancelled(now))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('workflowExecutions')
        .select('id')
        .where(ACTIVE)
        .where('projectId', '=', projectId)
        .where('workflowId', '=', workflowId)
        .limit(size),
    )
    .where(ACTIVE)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** True when the workflow has a RUNNING or WAITING execution (optionally: at `stepId`). */
export async function hasActiveExecutions(db: Executor, projectId: string, workflowId: string, stepId?: string) {
  const row = await db
    .selectFrom('workflowExecutions')
    .select('id')
    .where(ACTIVE)
    .where('projectId', '=', projectId)
    .where('workflowId', '=', workflowId)
    .$if(stepId !== undefined, (q) => q.where('currentStepId', '=', stepId!))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes up to `size` executions of a workflow (their step runs go with them); returns how many. */
export async function deleteExecutionsSlice(db: Executor, projectId: string, workflowId: string, size: number) {
  const r = await db
    .deleteFrom('workflowExecutions')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('workflowExecutions')
        .select('id')
        .where('projectId', '=', projectId)
        .where('workflowId', '=', workflowId)
        .limit(size),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
