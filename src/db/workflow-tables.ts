/** Table shapes of workflows (migration 0010), beside schema.ts, which lists them in `Database`. */
import type { Generated } from 'kysely';
import type { Bool, JobRowColumns, Json, Timestamp } from './column-types.ts';

export type TriggerType = 'EVENT' | 'MANUAL' | 'SCHEDULE';
export type StepType =
  | 'TRIGGER'
  | 'SEND_EMAIL'
  | 'DELAY'
  | 'WAIT_FOR_EVENT'
  | 'CONDITION'
  | 'WEBHOOK'
  | 'UPDATE_CONTACT'
  | 'EXIT';
export type Branch = 'yes' | 'no';
export type WaitOutcome = 'EVENT' | 'TIMEOUT';
/** decisions.md "Events, workflows". */
export type ExecutionStatus = 'RUNNING' | 'WAITING' | 'COMPLETED' | 'EXITED' | 'FAILED' | 'CANCELLED';
/** How a wait ended once picked up. */
export type Resume = 'ELAPSED' | 'EVENT';
export type StepRunStatus = 'COMPLETED' | 'FAILED' | 'SKIPPED';

export interface WorkflowsTable {
  id: string;
  projectId: string;
  name: string;
  description: string | null;
  triggerType: TriggerType;
  triggerConfig: Json;
  triggerEvent: string | null;
  enabled: Bool;
  allowReentry: Bool;
  scheduledThrough: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface WorkflowStepsTable {
  id: string;
  workflowId: string;
  projectId: string;
  type: StepType;
  name: string | null;
  config: Json;
  position: Json | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface WorkflowTransitionsTable {
  id: string;
  workflowId: string;
  projectId: string;
  fromStepId: string;
  toStepId: string;
  branch: Branch | null;
  waitOutcome: WaitOutcome | null;
  priority: Generated<number>;
  createdAt: Timestamp;
}

export interface WorkflowExecutionsTable {
  id: string;
  projectId: string;
  workflowId: string;
  contactId: string;
  entry: number;
  status: ExecutionStatus;
  currentStepId: string | null;
  stepToken: string;
  stepEnteredAt: Timestamp;
  resume: Resume | null;
  event: Json;
  context: Json;
  dueAt: Timestamp | null;
  waitingEvent: string | null;
  attempts: Generated<number>;
  leaseUntil: Timestamp | null;
  leaseToken: string | null;
  lastError: string | null;
  exitReason: string | null;
  startedAt: Timestamp;
  endedAt: Timestamp | null;
  updatedAt: Timestamp;
}

export interface WorkflowStepRunsTable {
  id: string;
  executionId: string;
  projectId: string;
  stepId: string;
  stepType: StepType;
  status: StepRunStatus;
  output: Json;
  error: string | null;
  attempts: number;
  startedAt: Timestamp;
  finishedAt: Timestamp;
}

/** A SCHEDULE workflow's fan-out for one fire time: a job row (src/jobs/job-rows.ts). */
export interface WorkflowFanoutsTable extends JobRowColumns {
  workflowId: string;
  fireAt: Timestamp;
  maxContactId: string | null;
  cursor: Generated<string>;
  started: Generated<number>;
}

export interface WorkflowTables {
  workflows: WorkflowsTable;
  workflowSteps: WorkflowStepsTable;
  workflowTransitions: WorkflowTransitionsTable;
  workflowExecutions: WorkflowExecutionsTable;
  workflowStepRuns: WorkflowStepRunsTable;
  workflowFanouts: WorkflowFanoutsTable;
}
