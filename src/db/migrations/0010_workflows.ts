/**
 * Workflows: the graph (workflows, steps, transitions), per-contact executions and their step
 * history. An execution is a job row of its own: the engine claims due ones (RUNNING, or WAITING
 * whose delay or timeout has come) under a lease, and every step's effect commits with the move to
 * the next step. Reentry rules are unique indexes, so no race can start a contact twice.
 */
import { type Kysely, sql } from 'kysely';
import type { DialectSql } from '../dialect.ts';

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  const { timestamp, json, bool } = d.types;

  await db.schema
    .createTable('workflows')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('trigger_type', 'text', (c) => c.notNull())
    .addColumn('trigger_config', json, (c) => c.notNull())
    // triggerConfig.eventName of an EVENT workflow, kept in a column for the trigger lookup.
    .addColumn('trigger_event', 'text')
    .addColumn('enabled', bool, (c) => c.notNull().defaultTo(sql`false`))
    .addColumn('allow_reentry', bool, (c) => c.notNull().defaultTo(sql`false`))
    // SCHEDULE: the last fire time already started (the minutely tick starts each fire time once).
    .addColumn('scheduled_through', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('workflows_project_idx').on('workflows').columns(['project_id', 'id']).execute();
  await db.schema.createIndex('workflows_schedule_idx').on('workflows').columns(['trigger_type', 'enabled']).execute();

  await db.schema
    .createTable('workflow_steps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workflow_id', 'text', (c) => c.notNull().references('workflows.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('config', json, (c) => c.notNull())
    // Where the dashboard's canvas draws it ({ x, y }); the engine never reads it.
    .addColumn('position', json)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('workflow_steps_workflow_idx')
    .on('workflow_steps')
    .columns(['workflow_id', 'id'])
    .execute();
  await db.schema
    .createIndex('workflow_steps_project_idx')
    .on('workflow_steps')
    .columns(['project_id', 'type'])
    .execute();

  await db.schema
    .createTable('workflow_transitions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workflow_id', 'text', (c) => c.notNull().references('workflows.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('from_step_id', 'text', (c) => c.notNull().references('workflow_steps.id').onDelete('cascade'))
    .addColumn('to_step_id', 'text', (c) => c.notNull().references('workflow_steps.id').onDelete('cascade'))
    .addColumn('branch', 'text')
    .addColumn('wait_outcome', 'text')
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('workflow_transitions_workflow_idx')
    .on('workflow_transitions')
    .columns(['workflow_id', 'from_step_id'])
    .execute();
  await db.schema.createIndex('workflow_transitions_to_idx').on('workflow_transitions').column('to_step_id').execute();

  // No foreign key to workflows: an event must never fail because a workflow was deleted while it
  // was being stored (the delete removes the executions itself; the engine ends any it misses).
  await db.schema
    .createTable('workflow_executions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('workflow_id', 'text', (c) => c.notNull())
    .addColumn('contact_id', 'text', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    // The contact's nth entry into the workflow (1 when reentry is not allowed).
    .addColumn('entry', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('current_step_id', 'text')
    // A fresh id for each arrival at a step: the SEND_EMAIL step's email id and the WEBHOOK step's
    // delivery id, the same across retries and crashes of that arrival.
    .addColumn('step_token', 'text', (c) => c.notNull())
    .addColumn('step_entered_at', timestamp, (c) => c.notNull())
    // How a wait ended once it was picked up: ELAPSED (delay or timeout) or EVENT.
    .addColumn('resume', 'text')
    // The latest event of the execution (the trigger's, then each awaited one): { id, name, data }.
    .addColumn('event', json, (c) => c.notNull())
    .addColumn('context', json, (c) => c.notNull())
    .addColumn('due_at', timestamp)
    .addColumn('waiting_event', 'text')
    // Runs of the current step (claims without progress, webhook attempts); reset by every move.
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', timestamp)
    .addColumn('lease_token', 'text')
    .addColumn('last_error', 'text')
    .addColumn('exit_reason', 'text')
    .addColumn('started_at', timestamp, (c) => c.notNull())
    .addColumn('ended_at', timestamp)
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  // allowReentry, held by the database: the nth entry is unique (reentry off always writes entry 1),
  // and a contact has at most one RUNNING or WAITING execution of a workflow.
  await db.schema
    .createIndex('workflow_executions_entry_uq')
    .on('workflow_executions')
    .columns(['workflow_id', 'contact_id', 'entry'])
    .unique()
    .execute();
  await db.schema
    .createIndex('workflow_executions_active_uq')
    .on('workflow_executions')
    .columns(['workflow_id', 'contact_id'])
    .unique()
    .where(sql.ref('status'), 'in', ['RUNNING', 'WAITING'])
    .execute();
  // The engine's claim: active executions by due time.
  await db.schema
    .createIndex('workflow_executions_due_idx')
    .on('workflow_executions')
    .column('due_at')
    .where(sql.ref('status'), 'in', ['RUNNING', 'WAITING'])
    .execute();
  // Resuming a contact's executions that wait for an event.
  await db.schema
    .createIndex('workflow_executions_waiting_idx')
    .on('workflow_executions')
    .columns(['contact_id', 'waiting_event'])
    .where(sql.ref('status'), '=', 'WAITING')
    .execute();
  await db.schema
    .createIndex('workflow_executions_list_idx')
    .on('workflow_executions')
    .columns(['workflow_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('workflow_executions_workflow_idx')
    .on('workflow_executions')
    .columns(['workflow_id', 'id'])
    .execute();
  await db.schema
    .createIndex('workflow_executions_contact_idx')
    .on('workflow_executions')
    .columns(['contact_id', 'id'])
    .execute();
  await db.schema
    .createIndex('workflow_executions_step_idx')
    .on('workflow_executions')
    .column('current_step_id')
    .where(sql.ref('status'), 'in', ['RUNNING', 'WAITING'])
    .execute();

  // One row per step an execution finished (or failed): the per-step history.
  await db.schema
    .createTable('workflow_step_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('execution_id', 'text', (c) => c.notNull().references('workflow_executions.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('step_id', 'text', (c) => c.notNull())
    .addColumn('step_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('output', json, (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('started_at', timestamp, (c) => c.notNull())
    .addColumn('finished_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('workflow_step_runs_execution_idx')
    .on('workflow_step_runs')
    .columns(['execution_id', 'id'])
    .execute();

  // A SCHEDULE workflow's fan-out for one fire time: a job row (src/jobs/job-rows.ts) walking the
  // project's contacts by id, creating one execution each.
  await db.schema
    .createTable('workflow_fanouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('workflow_id', 'text', (c) => c.notNull().references('workflows.id').onDelete('cascade'))
    .addColumn('fire_at', timestamp, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('max_contact_id', 'text')
    .addColumn('cursor', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('started', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', timestamp)
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addColumn('finished_at', timestamp)
    .execute();
  await db.schema
    .createIndex('workflow_fanouts_status_idx')
    .on('workflow_fanouts')
    .columns(['status', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('workflow_fanouts_fire_uq')
    .on('workflow_fanouts')
    .columns(['workflow_id', 'fire_at'])
    .unique()
    .execute();
}
