/** Row → API view mappers of workflows, steps, transitions, executions and step runs. */
import { fromJson, toBool } from '../db/codecs.ts';
import type { ExecutionRow, StepRunRow } from './engine/executions.repo.ts';
import type { StepRow, TransitionRow, WorkflowRow } from './workflows.repo.ts';
import type {
  ExecutionSummary,
  StepRunView,
  StepView,
  TransitionView,
  WorkflowListItem,
  WorkflowSummary,
  WorkflowView,
} from './workflows.schemas.ts';

type Json = Record<string, unknown>;
const iso = (t: string | Date) => new Date(t).toISOString();
const isoOrNull = (t: string | Date | null) => (t === null ? null : iso(t));

/** A list row: the workflow with the size of its graph and how many executions it has had. */
/** A stored JSON column as a view's object: `{}` when the column is null. */
const jsonObject = (value: unknown): Json => fromJson<Json>(value) ?? {};

export function toWorkflowListItem(
  row: WorkflowRow,
  counts: { steps: number; active: number; total: number } | undefined,
): WorkflowListItem {
  return {
    ...toWorkflowSummary(row),
    stepCount: counts?.steps ?? 0,
    activeExecutionCount: counts?.active ?? 0,
    executionCount: counts?.total ?? 0,
  };
}

export function toWorkflowSummary(row: WorkflowRow): WorkflowSummary {
  const triggerConfig = jsonObject(row.triggerConfig);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    triggerType: row.triggerType,
    triggerConfig,
    eventName: typeof triggerConfig.eventName === 'string' ? triggerConfig.eventName : null,
    enabled: toBool(row.enabled),
    allowReentry: toBool(row.allowReentry),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function toStepView(row: StepRow): StepView {
  return {
    id: row.id,
    workflowId: row.workflowId,
    type: row.type,
    name: row.name,
    config: jsonObject(row.config),
    position: row.position === null ? null : fromJson<{ x: number; y: number }>(row.position),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function toTransitionView(row: TransitionRow): TransitionView {
  return {
    id: row.id,
    workflowId: row.workflowId,
    fromStepId: row.fromStepId,
    toStepId: row.toStepId,
    condition: row.branch ? { branch: row.branch } : null,
    branch: row.branch,
    waitOutcome: row.waitOutcome,
    priority: row.priority,
    createdAt: iso(row.createdAt),
  };
}

export function toWorkflowView(
  row: WorkflowRow,
  graph: { steps: StepRow[]; transitions: TransitionRow[] },
): WorkflowView {
  return {
    ...toWorkflowSummary(row),
    steps: graph.steps.map(toStepView),
    transitions: graph.transitions.map(toTransitionView),
  };
}

export function toExecutionSummary(row: ExecutionRow & { contactEmail?: string | null }): ExecutionSummary {
  const active = row.status === 'RUNNING' || row.status === 'WAITING';
  return {
    id: row.id,
    workflowId: row.workflowId,
    contactId: row.contactId,
    contactEmail: row.contactEmail ?? null,
    entry: row.entry,
    status: row.status,
    currentStepId: active ? row.currentStepId : null,
    waitingFor: row.status === 'WAITING' ? row.waitingEvent : null,
    // While RUNNING and claimed, due_at is a lease's end: not a time anyone waits for.
    dueAt: row.status === 'WAITING' || (row.status === 'RUNNING' && !row.leaseToken) ? isoOrNull(row.dueAt) : null,
    context: jsonObject(row.context),
    event: jsonObject(row.event),
    exitReason: row.exitReason,
    error: row.lastError,
    startedAt: iso(row.startedAt),
    endedAt: isoOrNull(row.endedAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function toStepRunView(row: StepRunRow): StepRunView {
  return {
    id: row.id,
    stepId: row.stepId,
    stepType: row.stepType,
    status: row.status,
    output: jsonObject(row.output),
    error: row.error,
    attempts: row.attempts,
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}
