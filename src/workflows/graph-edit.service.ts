/**
 * Editing a workflow's graph: steps (configs checked per type and against the project) and
 * transitions (labels that fit their source step). Each edit is one transaction; on an enabled
 * workflow the edited graph must still pass the enable checks, or the edit is refused and nothing
 * changes.
 */
import { toJson } from '../db/codecs.ts';
import type { Trx } from '../db/index.ts';
import type { WaitOutcome } from '../db/workflow-tables.ts';
import type { Deps } from '../deps.ts';
import { AppError, conflict, invalid, notFound } from '../errors.ts';
import { isUuid, newId } from '../lib/ids.ts';
import { loadFilterEnv } from '../segments/audience.ts';
import { checkFilter } from '../segments/filters/check.ts';
import { getTemplateRow } from '../templates/templates.service.ts';
import { requireTopicIds } from '../topics/topics.service.ts';
import { hasActiveExecutions } from './executions.repo.ts';
import {
  asSingleCondition,
  conditionForm,
  conditionTree,
  normalizeStepConfig,
  type SendEmailConfig,
} from './step-configs.ts';
import { toStepView, toTransitionView } from './views.ts';
import * as repo from './workflows.repo.ts';
import type { AddStepBody, AddTransitionBody, StepView, TransitionView, UpdateStepBody } from './workflows.schemas.ts';
import { assertRunnable, getWorkflowRow, type WorkflowDeps, writeWorkflows } from './workflows.service.ts';

type Json = Record<string, unknown>;

/** The config checked against the project: the template exists, the condition's fields do. */
async function checkReferences(deps: WorkflowDeps, projectId: string, type: string, config: Json): Promise<void> {
  if (type === 'SEND_EMAIL') {
    const { templateId, topicId } = config as unknown as SendEmailConfig;
    if (topicId) await requireTopicIds(deps, projectId, [topicId], 'config.topicId');
    try {
      const t = await getTemplateRow(deps, projectId, templateId);
      if (!t.fromEmail) throw invalid('config.templateId', 'the template has no sender (from); give it one first');
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 404) throw invalid('config.templateId', 'unknown template');
      throw err;
    }
  }
  if (type === 'CONDITION') {
    const env = await loadFilterEnv(deps, projectId);
    const tree = conditionTree(config);
    const single = config.condition === undefined;
    try {
      // Paths in the form the tree was given in (either form is accepted under `condition`).
      checkFilter(tree, env, {
        at: single ? 'config' : 'config.condition',
        form: conditionForm(config),
        documents: true,
      });
    } catch (err) {
      throw single ? asSingleCondition(err) : err;
    }
  }
}

/** Runs `edit` in a transaction; an enabled workflow must still be runnable afterwards (else 422, rolled back). */
async function editGraph<T>(deps: WorkflowDeps, projectId: string, workflowId: string, edit: (trx: Trx) => Promise<T>) {
  await getWorkflowRow(deps.reader, projectId, workflowId);
  return writeWorkflows(deps, projectId, async (trx) => {
    const out = await edit(trx);
    await assertRunnable(deps, trx, await getWorkflowRow(trx, projectId, workflowId));
    return out;
  });
}

async function stepOf(db: Trx | Deps['reader'], projectId: string, workflowId: string, stepId: string) {
  const step = isUuid(stepId) ? await repo.findStep(db, projectId, workflowId, stepId) : undefined;
  if (!step) throw notFound('STEP');
  return step;
}

/** Adds a step of one of the seven types; 422 for a config that does not fit it. */
export async function addStep(
  deps: WorkflowDeps,
  projectId: string,
  workflowId: string,
  body: AddStepBody,
): Promise<StepView> {
  await getWorkflowRow(deps.reader, projectId, workflowId);
  const config = normalizeStepConfig(body.type, body.config);
  await checkReferences(deps, projectId, body.type, config);
  const now = deps.clock.now();
  const row = await editGraph(deps, projectId, workflowId, (trx) =>
    repo.insertStep(trx, {
      id: newId(),
      workflowId,
      projectId,
      type: body.type,
      name: body.name ?? null,
      config: toJson(config),
      position: body.position ? toJson(body.position) : null,
      createdAt: now,
      updatedAt: now,
    }),
  );
  return toStepView(row);
}

/** Updates a step's name, config or position (its type is fixed; the TRIGGER's settings are the workflow's). */
export async function updateStep(
  deps: WorkflowDeps,
  projectId: string,
  workflowId: string,
  stepId: string,
  body: UpdateStepBody,
): Promise<StepView> {
  await getWorkflowRow(deps.reader, projectId, workflowId);
  const step = await stepOf(deps.reader, projectId, workflowId, stepId);
  let config: Json | undefined;
  if (body.config !== undefined) {
    if (step.type === 'TRIGGER')
      throw invalid('config', "the trigger is set with the workflow's triggerType and triggerConfig");
    config = normalizeStepConfig(step.type, body.config);
    await checkReferences(deps, projectId, step.type, config);
  }
  const row = await editGraph(deps, projectId, workflowId, async (trx) => {
    const updated = await repo.updateStep(trx, projectId, stepId, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(config ? { config: toJson(config) } : {}),
      ...(body.position !== undefined ? { position: body.position ? toJson(body.position) : null } : {}),
      updatedAt: deps.clock.now(),
    });
    if (!updated) throw notFound('STEP');
    return updated;
  });
  return toStepView(row);
}

/**
 * Deletes a step; 409 while executions are at it. With `splice`, every transition into it is
 * reconnected (with its label) to the step after it; a step with more than one way out cannot be spliced.
 */
export async function deleteStep(
  deps: WorkflowDeps,
  projectId: string,
  workflowId: string,
  stepId: string,
  splice: boolean,
) {
  await getWorkflowRow(deps.reader, projectId, workflowId);
  const step = await stepOf(deps.reader, projectId, workflowId, stepId);
  if (step.type === 'TRIGGER') throw invalid('stepId', 'the TRIGGER step cannot be deleted');
  await editGraph(deps, projectId, workflowId, async (trx) => {
    if (await hasActiveExecutions(trx, projectId, workflowId, stepId)) {
      throw conflict('Executions are at this step: cancel them (or let them move on) first.');
    }
    const { transitions } = await repo.findGraph(trx, projectId, workflowId);
    const into = transitions.filter((t) => t.toStepId === stepId && t.fromStepId !== stepId);
    const out = transitions.filter((t) => t.fromStepId === stepId && t.toStepId !== stepId);
    if (splice && out.length > 1) {
      throw invalid(
        'splice',
        'the step has more than one way out; delete its transitions first, or delete without splice',
      );
    }
    await repo.deleteStep(trx, projectId, stepId);
    if (!splice || out.length === 0) return;
    const now = deps.clock.now();
    await repo.insertTransitions(
      trx,
      into.map((t) => ({
        id: newId(),
        workflowId,
        projectId,
        fromStepId: t.fromStepId,
        toStepId: out[0]!.toStepId,
        branch: t.branch,
        waitOutcome: t.waitOutcome,
        priority: t.priority,
        createdAt: now,
      })),
    );
  });
}

/** The labels a transition from `from` carries: a CONDITION's branch, a WAIT_FOR_EVENT's outcome, or none. */
function labelsFor(fromType: string, body: AddTransitionBody) {
  const branch = body.branch ?? body.condition?.branch ?? null;
  if (fromType === 'EXIT') throw invalid('fromStepId', 'an EXIT step ends the execution: nothing follows it');
  if (fromType === 'CONDITION') {
    if (!branch) throw invalid('branch', 'a transition from a CONDITION step needs branch "yes" or "no"', 'REQUIRED');
  } else if (branch) throw invalid('branch', 'only transitions from a CONDITION step carry a branch');
  if (body.waitOutcome && fromType !== 'WAIT_FOR_EVENT') {
    throw invalid('waitOutcome', 'only transitions from a WAIT_FOR_EVENT step carry a waitOutcome');
  }
  const waitOutcome: WaitOutcome | null = fromType === 'WAIT_FOR_EVENT' ? (body.waitOutcome ?? 'EVENT') : null;
  return { branch, waitOutcome };
}

/** Adds a transition between two steps of the workflow; 422 for labels that do not fit the source step. */
export async function addTransition(
  deps: WorkflowDeps,
  projectId: string,
  workflowId: string,
  body: AddTransitionBody,
): Promise<TransitionView> {
  await getWorkflowRow(deps.reader, projectId, workflowId);
  const step = async (field: string, id: string) => {
    const found = isUuid(id) ? await repo.findStep(deps.reader, projectId, workflowId, id) : undefined;
    if (!found) throw invalid(field, 'no step of this workflow has that id');
    return found;
  };
  const from = await step('fromStepId', body.fromStepId);
  const to = await step('toStepId', body.toStepId);
  if (to.type === 'TRIGGER') throw invalid('toStepId', 'nothing leads into the TRIGGER step');
  const labels = labelsFor(from.type, body);
  const [row] = await editGraph(deps, projectId, workflowId, (trx) =>
    repo.insertTransitions(trx, [
      {
        id: newId(),
        workflowId,
        projectId,
        fromStepId: from.id,
        toStepId: to.id,
        ...labels,
        priority: body.priority ?? 0,
        createdAt: deps.clock.now(),
      },
    ]),
  );
  return toTransitionView(row!);
}

export async function deleteTransition(
  deps: WorkflowDeps,
  projectId: string,
  workflowId: string,
  transitionId: string,
) {
  await getWorkflowRow(deps.reader, projectId, workflowId);
  await editGraph(deps, projectId, workflowId, async (trx) => {
    if (!isUuid(transitionId) || !(await repo.deleteTransition(trx, projectId, workflowId, transitionId))) {
      throw notFound('TRANSITION');
    }
  });
}
