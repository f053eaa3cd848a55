/** SQL for workflows, their steps and transitions. Every statement is scoped by project_id. */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../db/index.ts';
import { deleteProjectRow, findProjectRow, updateProjectRow } from '../db/project-rows.ts';
import type { WorkflowStepsTable, WorkflowsTable, WorkflowTransitionsTable } from '../db/workflow-tables.ts';

export type WorkflowRow = Selectable<WorkflowsTable>;
export type StepRow = Selectable<WorkflowStepsTable>;
export type TransitionRow = Selectable<WorkflowTransitionsTable>;
export type WorkflowPatch = Omit<Updateable<WorkflowsTable>, 'id' | 'projectId' | 'createdAt'>;
export type StepPatch = Pick<Updateable<WorkflowStepsTable>, 'name' | 'config' | 'position' | 'updatedAt'>;

export async function findWorkflow(db: Executor, projectId: string, id: string): Promise<WorkflowRow | undefined> {
  return findProjectRow(db, 'workflows', projectId, id);
}

/** Every workflow of the project, oldest first (a project has few). */
export async function listWorkflows(db: Executor, projectId: string): Promise<WorkflowRow[]> {
  return db.selectFrom('workflows').selectAll().where('projectId', '=', projectId).orderBy('id').execute();
}

export async function insertWorkflow(db: Executor, row: Insertable<WorkflowsTable>): Promise<WorkflowRow> {
  return db.insertInto('workflows').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateWorkflow(
  db: Executor,
  projectId: string,
  id: string,
  patch: WorkflowPatch,
): Promise<WorkflowRow | undefined> {
  return updateProjectRow(db, 'workflows', projectId, id, patch);
}

/** Deletes the workflow (steps and transitions go with it); false when it is not the project's. */
export async function deleteWorkflow(db: Executor, projectId: string, id: string): Promise<boolean> {
  return deleteProjectRow(db, 'workflows', projectId, id);
}

/** The workflow's steps and transitions (its graph), oldest first. */
export async function findGraph(db: Executor, projectId: string, workflowId: string) {
  const [steps, transitions] = await Promise.all([
    db
      .selectFrom('workflowSteps')
      .selectAll()
      .where('projectId', '=', projectId)
      .where('workflowId', '=', workflowId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('workflowTransitions')
      .selectAll()
      .where('projectId', '=', projectId)
      .where('workflowId', '=', workflowId)
      .orderBy('priority')
      .orderBy('id')
      .execute(),
  ]);
  return { steps, transitions };
}

export async function findStep(db: Executor, projectId: string, workflowId: string, id: string) {
  return db
    .selectFrom('workflowSteps')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('workflowId', '=', workflowId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertStep(db: Executor, row: Insertable<WorkflowStepsTable>): Promise<StepRow> {
  return db.insertInto('workflowSteps').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateStep(db: Executor, projectId: string, id: string, patch: StepPatch) {
  return updateProjectRow(db, 'workflowSteps', projectId, id, patch);
}

/** Deletes a step; its transitions go with it (foreign keys). */
export async function deleteStep(db: Executor, projectId: string, id: string): Promise<boolean> {
  return deleteProjectRow(db, 'workflowSteps', projectId, id);
}

export async function insertTransitions(
  db: Executor,
  rows: Insertable<WorkflowTransitionsTable>[],
): Promise<TransitionRow[]> {
  if (rows.length === 0) return [];
  return db.insertInto('workflowTransitions').values(rows).returningAll().execute();
}

export async function deleteTransition(db: Executor, projectId: string, workflowId: string, id: string) {
  const r = await db
    .deleteFrom('workflowTransitions')
    .where('projectId', '=', projectId)
    .where('workflowId', '=', workflowId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The project's enabled EVENT workflows with their TRIGGER step, and every WAIT_FOR_EVENT step config (the trigger cache's load). */
export async function listTriggerSources(db: Executor, projectId: string) {
  const [workflows, waits] = await Promise.all([
    db
      .selectFrom('workflows')
      .innerJoin('workflowSteps', 'workflowSteps.workflowId', 'workflows.id')
      .select(['workflows.id', 'workflows.triggerEvent', 'workflows.allowReentry', 'workflowSteps.id as triggerStepId'])
      .where('workflows.projectId', '=', projectId)
      .where('workflows.enabled', '=', true)
      .where('workflows.triggerType', '=', 'EVENT')
      .where('workflowSteps.type', '=', 'TRIGGER')
      .execute(),
    db
      .selectFrom('workflowSteps')
      .select('config')
      .where('projectId', '=', projectId)
      .where('type', '=', 'WAIT_FOR_EVENT')
      .execute(),
  ]);
  return { workflows, waits };
}

/** Steps of the project of one type, with their workflow's name (the usage lookups). */
export async function listStepsOfType(db: Executor, projectId: string, type: WorkflowStepsTable['type']) {
  return db
    .selectFrom('workflowSteps')
    .innerJoin('workflows', 'workflows.id', 'workflowSteps.workflowId')
    .select(['workflowSteps.id as stepId', 'workflowSteps.config', 'workflows.id', 'workflows.name'])
    .where('workflowSteps.projectId', '=', projectId)
    .where('workflowSteps.type', '=', type)
    .orderBy('workflowSteps.id')
    .execute();
}

/** Every enabled SCHEDULE workflow (all projects): the minutely schedule tick. */
export async function listScheduledWorkflows(db: Executor): Promise<WorkflowRow[]> {
  return db
    .selectFrom('workflows')
    .selectAll()
    .where('triggerType', '=', 'SCHEDULE')
    .where('enabled', '=', true)
    .execute();
}

/** Moves a SCHEDULE workflow's mark from `from` to `to`: true for the one caller that moved it. */
export async function advanceScheduledThrough(db: Executor, id: string, from: string | null, to: Date) {
  const r = await db
    .updateTable('workflows')
    .set({ scheduledThrough: to })
    .where('id', '=', id)
    .where((eb) => (from === null ? eb('scheduledThrough', 'is', null) : eb('scheduledThrough', '=', from)))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Per workflow of the project: its steps, its active (RUNNING or WAITING) executions and all of them. */
export async function workflowCounts(db: Executor, projectId: string) {
  const [steps, executions] = await Promise.all([
    db
      .selectFrom('workflowSteps')
      .select(['workflowId', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('projectId', '=', projectId)
      .groupBy('workflowId')
      .execute(),
    // By workflow and status, so the (workflow_id, status, id) index answers it.
    db
      .selectFrom('workflowExecutions')
      .select(['workflowId', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('projectId', '=', projectId)
      .groupBy(['workflowId', 'status'])
      .execute(),
  ]);
  const out = new Map<string, { steps: number; active: number; total: number }>();
  const entry = (id: string) => {
    const known = out.get(id);
    if (known) return known;
    const e = { steps: 0, active: 0, total: 0 };
    out.set(id, e);
    return e;
  };
  for (const s of steps) entry(s.workflowId).steps = Number(s.n);
  for (const x of executions) {
    const e = entry(x.workflowId);
    e.total += Number(x.n);
    if (x.status === 'RUNNING' || x.status === 'WAITING') e.active += Number(x.n);
  }
  return out;
}
