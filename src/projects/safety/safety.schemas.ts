/** API views of project safety: onboarding state, security state, resets. */
import { type Static, Type } from 'typebox';

const Time = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

export const ResetParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  resetId: Type.String({ minLength: 1, maxLength: 64 }),
});
export type ResetParams = Static<typeof ResetParams>;

const SetupStep = Type.Object({
  done: Type.Boolean(),
  at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When it first happened.' }),
});

export const SetupStateView = Type.Object({
  steps: Type.Object({
    domainAdded: SetupStep,
    domainVerified: SetupStep,
    firstContact: SetupStep,
    firstTemplate: SetupStep,
    firstSend: SetupStep,
    firstCampaign: SetupStep,
    firstCampaignSent: SetupStep,
    firstWorkflow: SetupStep,
    firstWorkflowEnabled: SetupStep,
  }),
  completed: Type.Integer(),
  total: Type.Integer(),
});
export type SetupStateView = Static<typeof SetupStateView>;

const Reason = Type.Union([Type.Literal('BOUNCE_RATE'), Type.Literal('COMPLAINT_RATE')]);

export const SuspensionView = Type.Object({
  id: Type.String(),
  reason: Reason,
  sent: Type.Integer(),
  bounced: Type.Integer(),
  complained: Type.Integer(),
  bounceRate: Type.Number(),
  complaintRate: Type.Number(),
  windowStart: Type.String({ format: 'date-time' }),
  createdAt: Type.String({ format: 'date-time' }),
  liftedAt: Time,
  liftedBy: Type.Union([Type.String(), Type.Null()]),
});
export type SuspensionView = Static<typeof SuspensionView>;

export const SecurityView = Type.Object({
  projectId: Type.String(),
  disabled: Type.Boolean(),
  window: Type.Object({
    days: Type.Integer(),
    since: Type.String({
      format: 'date-time',
      description: 'Start of the window: SUSPENSION_WINDOW_DAYS ago, or the last reinstatement if later.',
    }),
  }),
  sent: Type.Integer(),
  bounced: Type.Integer({ description: 'Hard bounces (and recipients refused at send time).' }),
  complained: Type.Integer(),
  bounceRate: Type.Number({ description: 'bounced / sent, from 0 to 1.' }),
  complaintRate: Type.Number({ description: 'complained / sent, from 0 to 1.' }),
  thresholds: Type.Object({
    bounceRate: Type.Number(),
    complaintRate: Type.Number(),
    minVolume: Type.Integer({ description: 'Sent emails in the window below which no suspension happens.' }),
  }),
  suspensions: Type.Array(SuspensionView, { description: 'The latest suspensions, newest first.' }),
});
export type SecurityView = Static<typeof SecurityView>;

export const ResetBody = Type.Object({
  // The contract's route takes no body; the dashboard still asks the person to type the name.
  confirm: Type.Optional(
    Type.String({
      maxLength: 200,
      description: "Optional: when given, it must be the project's name, exactly (the reset is irreversible).",
    }),
  ),
});
export type ResetBody = Static<typeof ResetBody>;

export const ResetView = Type.Object({
  id: Type.String(),
  projectId: Type.String(),
  status: Type.Union([
    Type.Literal('queued'),
    Type.Literal('processing'),
    Type.Literal('completed'),
    Type.Literal('failed'),
  ]),
  deleted: Type.Integer({ description: 'Rows deleted so far.' }),
  failureReason: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  finishedAt: Time,
});
export type ResetView = Static<typeof ResetView>;
