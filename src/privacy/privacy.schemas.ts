/** Views of a contact's data rights (beyond.md §3): the export document and the erasure's answer. */
import { type Static, Type } from 'typebox';
import { ContactData, ContactView } from '../contacts/contacts.schemas.ts';
import { EMAIL_STATUSES } from '../emails/emails.schemas.ts';
import { DateTime, literals } from '../http/schemas.ts';
import { ExecutionStatus } from '../workflows/workflows.schemas.ts';

const Time = Type.Union([DateTime, Type.Null()]);

export const ExportedTopicChoice = Type.Object({
  topicId: Type.String(),
  topicName: Type.String(),
  subscribed: Type.Boolean({ description: "The contact's own choice for the topic." }),
  updatedAt: DateTime,
});
export type ExportedTopicChoice = Static<typeof ExportedTopicChoice>;

export const ExportedConfirmation = Type.Object({
  id: Type.String(),
  email: Type.String(),
  topics: Type.Array(Type.String(), { description: 'Topic ids the sign-up asked for.' }),
  createdAt: DateTime,
  expiresAt: DateTime,
  confirmedAt: Time,
});
export type ExportedConfirmation = Static<typeof ExportedConfirmation>;

export const ExportedEvent = Type.Object({
  id: Type.String(),
  name: Type.String(),
  data: ContactData,
  createdAt: DateTime,
});
export type ExportedEvent = Static<typeof ExportedEvent>;

export const ExportedEmail = Type.Object({
  id: Type.String(),
  status: literals(EMAIL_STATUSES),
  subject: Type.String(),
  sourceType: literals(['TRANSACTIONAL', 'CAMPAIGN', 'WORKFLOW']),
  sourceId: Type.Union([Type.String(), Type.Null()]),
  createdAt: DateTime,
  sentAt: Time,
  deliveredAt: Time,
  openedAt: Time,
  clickedAt: Time,
  bouncedAt: Time,
  complainedAt: Time,
});
export type ExportedEmail = Static<typeof ExportedEmail>;

export const ExportedExecution = Type.Object({
  id: Type.String(),
  workflowId: Type.String(),
  status: ExecutionStatus,
  startedAt: DateTime,
  endedAt: Time,
  exitReason: Type.Union([Type.String(), Type.Null()]),
});
export type ExportedExecution = Static<typeof ExportedExecution>;

export const ContactExport = Type.Object(
  {
    exportedAt: DateTime,
    contact: ContactView,
    topics: Type.Array(ExportedTopicChoice, { description: "The contact's own topic choices (no row: the default)." }),
    pendingConfirmations: Type.Array(ExportedConfirmation),
    events: Type.Array(ExportedEvent, { description: 'Ordered by name, then time.' }),
    emails: Type.Array(ExportedEmail, { description: 'Oldest first.' }),
    workflowExecutions: Type.Array(ExportedExecution, { description: 'Oldest first.' }),
  },
  { description: 'Everything stored about one contact, streamed as one JSON document.' },
);
export type ContactExport = Static<typeof ContactExport>;

export const ErasureResult = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({
    erased: Type.Object({
      events: Type.Integer({ description: 'Events deleted.' }),
      executions: Type.Integer({ description: 'Workflow executions deleted, with their step history.' }),
      emails: Type.Integer({
        description:
          'Emails kept for statistics (status and times) with recipient, subject, bodies, headers and attachments removed.',
      }),
    }),
  }),
});
export type ErasureResult = Static<typeof ErasureResult>;
