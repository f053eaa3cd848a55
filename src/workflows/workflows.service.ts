/**
 * Workflows: creation (always EVENT, disabled, with its TRIGGER step), settings, enabling and
 * deletion. An enabled workflow always has a graph that can run (graph-check.ts): enabling checks it,
 * and every later edit that would break it is refused (graph-edit.service.ts), so the engine never
 * meets a dangling branch or a cycle that spins.
 */
import { fromJson, toBool, toJson } from '../db/codecs.ts';
import type { Executor, Trx } from '../db/index.ts';
import type { Deps } from '../deps.ts';
import { AppError, conflict, type FieldError, invalid, invalidFields, notFound } from '../errors.ts';
import { isUuid, newId } from '../lib/ids.ts';
import { getSegmentRow } from '../segments/segments.service.ts';
import { getTemplateRow } from '../templates/templates.service.ts';
import { deleteExecutionsSlice, hasActiveExecutions } from './executions.repo.ts';
import { graphProblems, triggerProblems } from './graph-check.ts';
import type { SendEmailConfig } from './step-configs.ts';
import { toWorkflowListItem, toWorkflowView } from './views.ts';
import * as repo from './workflows.repo.ts';
import type { CreateWorkflowBody, UpdateWorkflowBody, WorkflowListItem, WorkflowView } from './workflows.schemas.ts';

type Json = Record<string, unknown>;
export type WorkflowDeps = Pick<Deps, 'db' | 'reader' | 'clock' | 'workflowTriggers' | 'config' | 'topics'>;

/**
 * Runs a write of the project's workflows in one transaction and forgets the project's cached triggers
 * and graphs in every process (db/project-cache.ts).
 */
export function writeWorkflows<T>(deps: WorkflowDeps, projectId: string, write: (trx: Trx) => Promise<T>) {
  return deps.workflowTriggers.writing(deps.db, projectId, write);
}

/** The project's workflow row; 404 WORKFLOW_NOT_FOUND otherwise (a malformed id included). */
export async function getWorkflowRow(db: Executor, projectId: string, id: string): Promise<repo.WorkflowRow> {
  const row = isUuid(id) ? await repo.findWorkflow(db, projectId, id) : undefined;
  if (!row) throw notFound('WORKFLOW');
  return row;
}

/** The workflow with its steps and transitions, read through `db`. */
export async function workflowView(db: Executor, projectId: string, row: repo.WorkflowRow): Promise<WorkflowView> {
  return toWorkflowView(row, await repo.findGraph(db, projectId, row.id));
}

export async function getWorkflow(deps: Pick<Deps, 'reader'>, projectId: string, id: string): Promise<WorkflowView> {
  return workflowView(deps.reader, projectId, await getWorkflowRow(deps.reader, projectId, id));
}

/** Every workflow of the project with its step and execution counts. */
export async function listWorkflows(deps: Pick<Deps, 'reader'>, projectId: string): Promise<WorkflowListItem[]> {
  const [rows, counts] = await Promise.all([
    repo.listWorkflows(deps.reader, projectId),
    repo.workflowCounts(deps.reader, projectId),
  ]);
  return rows.map((row) => toWorkflowListItem(row, counts.get(row.id)));
}

/** Creates a disabled EVENT workflow (contract) with its TRIGGER step. */
export async function createWorkflow(deps: WorkflowDeps, projectId: string, body: CreateWorkflowBody) {
  const now = deps.clock.now();
  const eventName = body.eventName.trim();
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.insertWorkflow(trx, {
      id: newId(),
      projectId,
      name: body.name.trim(),
      description: body.description ?? null,
      triggerType: 'EVENT',
      triggerConfig: toJson({ eventName }),
      triggerEvent: eventName,
      enabled: false,
      allowReentry: false,
      createdAt: now,
      updatedAt: now,
    });
    await repo.insertStep(trx, {
      id: newId(),
      workflowId: row.id,
      projectId,
      type: 'TRIGGER',
      name: 'Trigger',
      config: toJson({}),
      position: toJson({ x: 0, y: 0 }),
      createdAt: now,
      updatedAt: now,
    });
    return workflowView(trx, projectId, row);
  });
}

/**
 * The reasons an enabled workflow could not run: its graph (graph-check.ts) and what its steps name
 * (a SEND_EMAIL template that is gone or has no sender). Read through `db`, the caller's transaction.
 */
export async function runnableProblems(deps: Pick<Deps, 'reader'>, db: Executor, row: repo.WorkflowRow) {
  const { steps, transitions } = await repo.findGraph(db, row.projectId, row.id);
  const graphSteps = steps.map((s) => ({ id: s.id, type: s.type, name: s.name, config: fromJson<Json>(s.config) }));
  const w = {
    triggerType: row.triggerType,
    triggerConfig: fromJson<Json>(row.triggerConfig),
    allowReentry: toBool(row.allowReentry),
  };
  const errors: FieldError[] = graphProblems(w, graphSteps, transitions);
  for (const s of graphSteps.filter((x) => x.type === 'SEND_EMAIL')) {
    const { templateId } = s.config as unknown as SendEmailConfig;
    try {
      const t = await getTemplateRow(deps, row.projectId, templateId);
      if (!t.fromEmail)
        errors.push({ field: `steps.${s.id}`, message: `template ${templateId} has no sender`, code: 'NO_SENDER' });
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode !== 404) throw err;
      errors.push({
        field: `steps.${s.id}`,
        message: `template ${templateId} no longer exists`,
        code: 'UNKNOWN_TEMPLATE',
      });
    }
  }
  return errors;
}

/** 422 listing every problem when `row` is enabled and could not run. */
export async function assertRunnable(deps: Pick<Deps, 'reader'>, db: Executor, row: repo.WorkflowRow): Promise<void> {
  if (!toBool(row.enabled)) return;
  const errors = await runnableProblems(deps, db, row);
  if (errors.length > 0) throw invalidFields(errors);
}

/** The trigger settings a PATCH leads to (the `eventName` shorthand included); 422 for a bad one. */
async function triggerOf(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  row: repo.WorkflowRow,
  body: UpdateWorkflowBody,
) {
  const triggerType = body.triggerType ?? row.triggerType;
  let config: Json = body.triggerConfig ? { ...body.triggerConfig } : fromJson<Json>(row.triggerConfig);
  if (body.eventName !== undefined) config = { ...config, eventName: body.eventName };
  if (triggerType === 'EVENT') {
    const eventName = typeof config.eventName === 'string' ? config.eventName.trim() : '';
    config = eventName ? { eventName } : {};
  } else if (triggerType === 'MANUAL') config = {};
  else {
    config = { schedule: config.schedule, ...(config.segmentId ? { segmentId: config.segmentId } : {}) };
    // A pattern given is checked now, enabled or not; a missing one is the enable check's to name.
    if (config.schedule !== undefined) {
      const problems = triggerProblems({ triggerType, triggerConfig: config, allowReentry: false });
      if (problems.length > 0) throw invalidFields(problems);
    }
    if (config.segmentId) {
      try {
        await getSegmentRow(deps, projectId, String(config.segmentId));
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 404)
          throw invalid('triggerConfig.segmentId', 'unknown segment');
        throw err;
      }
    }
  }
  return { triggerType, config };
}

/**
 * Updates name, description, trigger, `allowReentry` and `enabled`. Enabling (or changing an enabled
 * workflow) is refused with 422 naming each problem; a SCHEDULE workflow fires only for times after it
 * was enabled.
 */
export async function updateWorkflow(deps: WorkflowDeps, projectId: string, id: string, body: UpdateWorkflowBody) {
  const current = await getWorkflowRow(deps.reader, projectId, id);
  const { triggerType, config } = await triggerOf(deps, projectId, current, body);
  const now = deps.clock.now();
  const enabling = body.enabled === true && !toBool(current.enabled);
  return writeWorkflows(deps, projectId, async (trx) => {
    const row = await repo.updateWorkflow(trx, projectId, id, {
      ...(body.name !== undefined ? { name: body.name.trim() } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.allowReentry !== undefined ? { allowReentry: body.allowReentry } : {}),
      ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
      triggerType,
      triggerConfig: toJson(config),
      triggerEvent: triggerType === 'EVENT' && typeof config.eventName === 'string' ? config.eventName : null,
      ...(enabling || body.triggerConfig || body.triggerType ? { scheduledThrough: now } : {}),
      updatedAt: now,
    });
    if (!row) throw notFound('WORKFLOW');
    await assertRunnable(deps, trx, row);
    return workflowView(trx, projectId, row);
  });
}

/** Deletes the workflow with its graph and ended executions; 409 while any execution is active. */
export async function deleteWorkflow(deps: WorkflowDeps, projectId: string, id: string): Promise<void> {
  await getWorkflowRow(deps.reader, projectId, id);
  await writeWorkflows(deps, projectId, async (trx) => {
    if (await hasActiveExecutions(trx, projectId, id)) {
      throw conflict('The workflow has running or waiting executions: cancel them (or let them finish) first.');
    }
    while ((await deleteExecutionsSlice(trx, projectId, id, 5000)) > 0) {}
    if (!(await repo.deleteWorkflow(trx, projectId, id))) throw notFound('WORKFLOW');
  });
}
