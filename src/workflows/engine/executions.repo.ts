/**
 * SQL for executions, the engine's due rows (jobs/due-row-tables.ts). A claimed execution is RUNNING
 * with `due_at` = its lease end, so "due" is one range condition for fresh, woken and abandoned
 * executions alike, and a killed worker's executions come back when their lease runs out. Every write
 * of a run is fenced to its claim (same lease token, still RUNNING): a cancel or a newer claim makes
 * it match nothing. The API's reads, cancels and deletes of executions are in ../executions.repo.ts.
 */
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { DialectSql } from '../../db/dialect.ts';
import type { Db, Executor } from '../../db/index.ts';
import type { Resume, WorkflowExecutionsTable, WorkflowStepRunsTable } from '../../db/workflow-tables.ts';
import { DUE_ROWS } from '../../jobs/due-row-tables.ts';
import { claimDueRows, stillActive, updateClaimedRows } from '../../jobs/due-rows.repo.ts';
import type { DueClaim } from '../../jobs/due-rows.ts';

export type ExecutionRow = Selectable<WorkflowExecutionsTable>;
export type StepRunRow = Selectable<WorkflowStepRunsTable>;
export type ExecutionMove = Updateable<WorkflowExecutionsTable>;

/** Executions as due rows. */
export const EXECUTIONS = DUE_ROWS.workflowExecutions;
/** Still running or waiting: literal statuses, so the partial indexes serve the query. */
export const ACTIVE = stillActive(EXECUTIONS);

/** An execution to start: where it enters and why. */
export interface NewExecution {
  id: string;
  projectId: string;
  workflowId: string;
  contactId: string;
  /** Reentry allowed: the entry is the contact's next; otherwise always 1 (so a second entry conflicts). */
  allowReentry: boolean;
  stepId: string;
  event: Record<string, unknown>;
  context: Record<string, unknown>;
  at: Date;
}

const START_COLUMNS = {
  id: 'text',
  project_id: 'text',
  workflow_id: 'text',
  contact_id: 'text',
  reentry: 'boolean',
  step_id: 'text',
  token: 'text',
  event: 'json',
  context: 'json',
  at: 'timestamp',
} as const;

/**
 * Inserts the executions the reentry rules let in, in one statement; returns the ids that started.
 * The unique indexes decide (a second entry without reentry, or a second active execution), so
 * concurrent triggers cannot both start a contact; a workflow disabled or deleted meanwhile starts none.
 */
export async function insertExecutions(db: Executor, dialect: DialectSql, rows: NewExecution[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const values = rows.map((r) => ({
    id: r.id,
    project_id: r.projectId,
    workflow_id: r.workflowId,
    contact_id: r.contactId,
    reentry: r.allowReentry,
    step_id: r.stepId,
    token: r.id,
    event: r.event,
    context: r.context,
    at: r.at,
  }));
  const names = sql.join(Object.keys(START_COLUMNS).map((c) => sql.id(c)));
  const out = await sql<{ id: string }>`with r (${names}) as (${dialect.rowsSource(values, START_COLUMNS)})
    insert into workflow_executions (id, project_id, workflow_id, contact_id, entry, status, current_step_id,
      step_token, step_entered_at, event, context, due_at, attempts, started_at, updated_at)
    select r.id, r.project_id, r.workflow_id, r.contact_id,
      case when r.reentry then coalesce((select max(e.entry) from workflow_executions e
        where e.workflow_id = r.workflow_id and e.contact_id = r.contact_id), 0) + 1 else 1 end,
      'RUNNING', r.step_id, r.token, r.at, r.event, r.context, r.at, 0, r.at, r.at
    from r where exists (select 1 from workflows w where w.id = r.workflow_id and w.enabled = ${true})
    on conflict do nothing
    returning id`.execute(db);
  return out.rows.map((r) => r.id);
}

/** Claims up to `limit` due executions: RUNNING, leased until `leaseUntil` under `token`, one more attempt. */
export async function claimDueExecutions(db: Db, dialect: DialectSql, at: DueClaim): Promise<ExecutionRow[]> {
  return claimDueRows(db, dialect, EXECUTIONS, at, {
    set: {
      // A WAITING execution picked up has waited out its delay or timeout.
      resume: sql<Resume | null>`case when status = 'WAITING' then 'ELAPSED' else resume end`,
      updatedAt: at.now,
    },
  });
}

/** A claim's identity: the execution and the lease token its claim wrote. */
export interface ExecClaim {
  id: string;
  token: string;
}

/** What a move leaves of an execution, whole: the columns a run changes. */
export type ExecutionState = Pick<
  ExecutionRow,
  | 'currentStepId'
  | 'stepToken'
  | 'status'
  | 'waitingEvent'
  | 'attempts'
  | 'resume'
  | 'leaseToken'
  | 'lastError'
  | 'exitReason'
> & {
  stepEnteredAt: Date | string;
  dueAt: Date | string | null;
  leaseUntil: Date | string | null;
  endedAt: Date | string | null;
  updatedAt: Date | string;
  event: Record<string, unknown>;
};

const STATE_COLUMNS = {
  current_step_id: 'text',
  step_token: 'text',
  step_entered_at: 'timestamp',
  status: 'text',
  due_at: 'timestamp',
  waiting_event: 'text',
  attempts: 'integer',
  resume: 'text',
  lease_token: 'text',
  lease_until: 'timestamp',
  last_error: 'text',
  exit_reason: 'text',
  ended_at: 'timestamp',
  event: 'json',
  updated_at: 'timestamp',
} as const;

/**
 * Writes the state of several claimed executions in one statement, each only while its claim holds
 * (RUNNING under the same token); returns the ids written.
 */
export async function moveClaimedMany(
  db: Executor,
  dialect: DialectSql,
  moves: { claim: ExecClaim; state: ExecutionState }[],
): Promise<Set<string>> {
  const rows = moves.map(({ claim, state: s }) => ({
    id: claim.id,
    token: claim.token,
    current_step_id: s.currentStepId,
    step_token: s.stepToken,
    step_entered_at: s.stepEnteredAt,
    status: s.status,
    due_at: s.dueAt,
    waiting_event: s.waitingEvent,
    attempts: s.attempts,
    resume: s.resume,
    lease_token: s.leaseToken,
    lease_until: s.leaseUntil,
    last_error: s.lastError,
    exit_reason: s.exitReason,
    ended_at: s.endedAt,
    event: s.event,
    updated_at: s.updatedAt,
  }));
  return updateClaimedRows(db, dialect, EXECUTIONS, { columns: STATE_COLUMNS, rows });
}

const WAIT_COLUMNS = { contact_id: 'text', name: 'text', event: 'json' } as const;

/**
 * Wakes the contacts' executions that wait for one of the events (WAITING on its name), inside the
 * event's transaction, in one statement: RUNNING, due now, resumed by EVENT with the event as their
 * latest. A contact's first event of a name is the one that resumes (a statement updates a row once).
 * Returns how many were woken.
 */
export async function resumeWaiting(
  db: Executor,
  dialect: DialectSql,
  projectId: string,
  waits: { contactId: string; name: string; event: Record<string, unknown> }[],
  now: Date,
): Promise<number> {
  const first = new Map<string, { contact_id: string; name: string; event: Record<string, unknown> }>();
  for (const w of waits) {
    const key = `${w.contactId}\n${w.name}`;
    if (!first.has(key)) first.set(key, { contact_id: w.contactId, name: w.name, event: w.event });
  }
  if (first.size === 0) return 0;
  const names = sql.join(Object.keys(WAIT_COLUMNS).map((c) => sql.id(c)));
  const at = now.toISOString();
  const out = await sql<{ id: string }>`with r (${names}) as (${dialect.rowsSource([...first.values()], WAIT_COLUMNS)})
    update workflow_executions set status = 'RUNNING', resume = 'EVENT', event = r.event, due_at = ${at},
      updated_at = ${at}
    from r where workflow_executions.status = 'WAITING' and workflow_executions.contact_id = r.contact_id
      and workflow_executions.waiting_event = r.name and workflow_executions.project_id = ${projectId}
    returning workflow_executions.id`.execute(db);
  return out.rows.length;
}

/** Inserts history rows in one statement. */
export async function insertStepRuns(db: Executor, rows: Insertable<WorkflowStepRunsTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('workflowStepRuns').values(rows).execute();
}
