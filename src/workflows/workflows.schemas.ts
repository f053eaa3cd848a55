/** Request bodies and views of /workflows (decisions.md "Events, workflows"). */
import { type Static, Type } from 'typebox';
import { CursorPageOf, CursorQuery } from '../http/pagination.ts';
import { DateTime, Id } from '../http/schemas.ts';

const L = Type.Literal;

export const TriggerType = Type.Union([L('EVENT'), L('MANUAL'), L('SCHEDULE')]);
const ADDABLE = [
  L('SEND_EMAIL'),
  L('DELAY'),
  L('WAIT_FOR_EVENT'),
  L('CONDITION'),
  L('WEBHOOK'),
  L('UPDATE_CONTACT'),
  L('EXIT'),
] as const;
/** Types a caller may add: every workflow has exactly the one TRIGGER step its creation made. */
export const AddableStepType = Type.Union([...ADDABLE]);
export const StepType = Type.Union([L('TRIGGER'), ...ADDABLE]);
export const ExecutionStatus = Type.Union([
  L('RUNNING'),
  L('WAITING'),
  L('COMPLETED'),
  L('EXITED'),
  L('FAILED'),
  L('CANCELLED'),
]);
export const Branch = Type.Union([L('yes'), L('no')]);
export const WaitOutcome = Type.Union([L('EVENT'), L('TIMEOUT')]);
const StepRunStatus = Type.Union([L('COMPLETED'), L('FAILED'), L('SKIPPED')]);
const FieldSource = Type.Union([L('contact'), L('event'), L('context'), L('email'), L('segment'), L('topic')]);

const Json = Type.Record(Type.String(), Type.Unknown());
const OrNullTime = Type.Union([DateTime, Type.Null()]);
const Position = Type.Object(
  { x: Type.Number(), y: Type.Number() },
  { description: 'Where the canvas draws the step.' },
);

export const StepParams = Type.Object({ id: Id, stepId: Id });
export type StepParams = Static<typeof StepParams>;
export const TransitionParams = Type.Object({ id: Id, transitionId: Id });
export type TransitionParams = Static<typeof TransitionParams>;
export const ExecutionParams = Type.Object({ id: Id, executionId: Id });
export type ExecutionParams = Static<typeof ExecutionParams>;

// Stored trimmed (as /v1/track trims the names it stores), so it must hold more than spaces.
const EventName = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
const TriggerConfig = Type.Object(
  {
    eventName: Type.Optional(EventName),
    schedule: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: '5-field cron, UTC.' })),
    segmentId: Type.Optional(Type.Union([Id, Type.Null()])),
  },
  { description: 'EVENT: { eventName }; SCHEDULE: { schedule, segmentId? }; MANUAL: {}.' },
);

// Stored trimmed, so it must hold more than spaces.
const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });

/** decisions.md: `{ name, description?, eventName }`; the trigger type is EVENT at creation. */
export const CreateWorkflowBody = Type.Object({
  name: Name,
  description: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  eventName: EventName,
});
export type CreateWorkflowBody = Static<typeof CreateWorkflowBody>;

export const UpdateWorkflowBody = Type.Object({
  name: Type.Optional(Name),
  description: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  triggerType: Type.Optional(TriggerType),
  triggerConfig: Type.Optional(TriggerConfig),
  eventName: Type.Optional(EventName),
  enabled: Type.Optional(Type.Boolean()),
  allowReentry: Type.Optional(Type.Boolean()),
});
export type UpdateWorkflowBody = Static<typeof UpdateWorkflowBody>;

export const AddStepBody = Type.Object({
  type: AddableStepType,
  name: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  config: Type.Optional(Json),
  position: Type.Optional(Type.Union([Position, Type.Null()])),
});
export type AddStepBody = Static<typeof AddStepBody>;

export const UpdateStepBody = Type.Object({
  name: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  config: Type.Optional(Json),
  position: Type.Optional(Type.Union([Position, Type.Null()])),
});
export type UpdateStepBody = Static<typeof UpdateStepBody>;

export const DeleteStepQuery = Type.Object({
  splice: Type.Optional(Type.Boolean({ description: 'Reconnect the steps before and after this one.' })),
});
export type DeleteStepQuery = Static<typeof DeleteStepQuery>;

export const AddTransitionBody = Type.Object({
  fromStepId: Id,
  toStepId: Id,
  condition: Type.Optional(Type.Union([Type.Object({ branch: Branch }), Type.Null()])),
  branch: Type.Optional(Type.Union([Branch, Type.Null()])),
  waitOutcome: Type.Optional(Type.Union([WaitOutcome, Type.Null()])),
  priority: Type.Optional(Type.Integer({ minimum: -1000, maximum: 1000 })),
});
export type AddTransitionBody = Static<typeof AddTransitionBody>;

export const StepView = Type.Object({
  id: Type.String(),
  workflowId: Type.String(),
  type: StepType,
  name: Type.Union([Type.String(), Type.Null()]),
  config: Json,
  position: Type.Union([Position, Type.Null()]),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type StepView = Static<typeof StepView>;

export const TransitionView = Type.Object({
  id: Type.String(),
  workflowId: Type.String(),
  fromStepId: Type.String(),
  toStepId: Type.String(),
  condition: Type.Union([Type.Object({ branch: Branch }), Type.Null()]),
  branch: Type.Union([Branch, Type.Null()]),
  waitOutcome: Type.Union([WaitOutcome, Type.Null()]),
  priority: Type.Integer(),
  createdAt: DateTime,
});
export type TransitionView = Static<typeof TransitionView>;

const SummaryFields = {
  id: Type.String(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  triggerType: TriggerType,
  triggerConfig: Json,
  eventName: Type.Union([Type.String(), Type.Null()]),
  enabled: Type.Boolean(),
  allowReentry: Type.Boolean(),
  createdAt: DateTime,
  updatedAt: DateTime,
};

export const WorkflowSummary = Type.Object(SummaryFields);
export type WorkflowSummary = Static<typeof WorkflowSummary>;
export const WorkflowListItem = Type.Object({
  ...SummaryFields,
  stepCount: Type.Integer({ description: 'Steps in the graph, the TRIGGER included.' }),
  activeExecutionCount: Type.Integer({ description: 'RUNNING or WAITING executions.' }),
  executionCount: Type.Integer({ description: 'Executions of every status.' }),
});
export type WorkflowListItem = Static<typeof WorkflowListItem>;
export const WorkflowList = Type.Array(WorkflowListItem);

export const WorkflowView = Type.Object({
  ...SummaryFields,
  steps: Type.Array(StepView),
  transitions: Type.Array(TransitionView),
});
export type WorkflowView = Static<typeof WorkflowView>;

export const WorkflowFields = Type.Object({
  fields: Type.Array(
    Type.Object({
      field: Type.String(),
      type: Type.String({
        description:
          'string, number, boolean, date, event (the trigger operators), segment, or topic (equals true or false).',
      }),
      source: FieldSource,
      operators: Type.Array(Type.String()),
    }),
  ),
});
export type WorkflowFields = Static<typeof WorkflowFields>;

export const StartExecutionBody = Type.Object({
  contactId: Id,
  context: Type.Optional(Json),
});
export type StartExecutionBody = Static<typeof StartExecutionBody>;

export const ListExecutionsQuery = Type.Object({
  ...CursorQuery.properties,
  status: Type.Optional(ExecutionStatus),
});
export type ListExecutionsQuery = Static<typeof ListExecutionsQuery>;

export const StepRunView = Type.Object({
  id: Type.String(),
  stepId: Type.String(),
  stepType: StepType,
  status: StepRunStatus,
  output: Json,
  error: Type.Union([Type.String(), Type.Null()]),
  attempts: Type.Integer(),
  startedAt: DateTime,
  finishedAt: DateTime,
});
export type StepRunView = Static<typeof StepRunView>;

const ExecutionFields = {
  id: Type.String(),
  workflowId: Type.String(),
  contactId: Type.String(),
  contactEmail: Type.Union([Type.String(), Type.Null()], { description: "The contact's address (null once deleted)." }),
  entry: Type.Integer({ description: "The contact's nth entry into the workflow." }),
  status: ExecutionStatus,
  currentStepId: Type.Union([Type.String(), Type.Null()]),
  waitingFor: Type.Union([Type.String(), Type.Null()], { description: 'The event a WAIT_FOR_EVENT step waits for.' }),
  dueAt: Type.Union([DateTime, Type.Null()], { description: 'When a wait ends (or the step runs again).' }),
  context: Json,
  event: Json,
  exitReason: Type.Union([Type.String(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  startedAt: DateTime,
  endedAt: OrNullTime,
  updatedAt: DateTime,
};

export const ExecutionSummary = Type.Object(ExecutionFields);
export type ExecutionSummary = Static<typeof ExecutionSummary>;
export const ExecutionView = Type.Object({ ...ExecutionFields, steps: Type.Array(StepRunView) });
export type ExecutionView = Static<typeof ExecutionView>;
export const ExecutionPage = CursorPageOf(ExecutionSummary, 'executions');
export const CancelAllResult = Type.Object({ cancelled: Type.Integer({ minimum: 0 }) });
export type CancelAllResult = Static<typeof CancelAllResult>;
