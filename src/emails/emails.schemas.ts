/** Request and response views of the email log (beyond.md §5): /emails, /emails/:id, /emails/:id/retry. */
import { type Static, Type } from 'typebox';
import type { EmailStatus } from '../db/schema.ts';
import { CursorPageOf, CursorQuery } from '../http/pagination.ts';
import { DateTime, literals } from '../http/schemas.ts';
import { RULE_REASONS } from '../suppressions/suppressions.schemas.ts';

/** decisions.md "Email records", in the order an email moves through them. */
export const EMAIL_STATUSES = [
  'PENDING',
  'SENDING',
  'SENT',
  'DELIVERED',
  'OPENED',
  'CLICKED',
  'BOUNCED',
  'COMPLAINED',
  'FAILED',
  'SUPPRESSED',
] as const satisfies readonly EmailStatus[];

const EmailStatusSchema = literals(EMAIL_STATUSES);

const SourceType = literals(['TRANSACTIONAL', 'CAMPAIGN', 'WORKFLOW']);

const dateText = (description: string) =>
  Type.String({ maxLength: 40, description: `${description} ISO 8601 date or date-time (UTC when no offset).` });

export const ListEmailsQuery = Type.Object({
  ...CursorQuery.properties,
  status: Type.Optional(EmailStatusSchema),
  sourceType: Type.Optional(SourceType),
  campaignId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Emails of this campaign.' })),
  recipient: Type.Optional(
    Type.String({ minLength: 1, maxLength: 320, description: 'An email address; matched case-insensitively.' }),
  ),
  since: Type.Optional(dateText('Emails created at or after this time.')),
  until: Type.Optional(dateText('Emails created before this time (a bare date includes that day).')),
});
export type ListEmailsQuery = Static<typeof ListEmailsQuery>;

const Time = Type.Union([DateTime, Type.Null()]);

export const EmailLogItem = Type.Object({
  id: Type.String(),
  to: Type.String(),
  from: Type.String(),
  subject: Type.String(),
  status: EmailStatusSchema,
  sourceType: SourceType,
  sourceId: Type.Union([Type.String(), Type.Null()], {
    description: 'The campaign (CAMPAIGN) or workflow execution (WORKFLOW); null for /v1/send.',
  }),
  contactId: Type.Union([Type.String(), Type.Null()]),
  templateId: Type.Union([Type.String(), Type.Null()], {
    description: 'The template the email was sent from, if any.',
  }),
  templateVersion: Type.Union([Type.Integer(), Type.Null()], {
    description: 'The version of that template the email was composed from (beyond.md §8).',
  }),
  variant: Type.Union([Type.String(), Type.Null()], {
    description: "The A/B variant's name for a campaign test's email (beyond.md §9); null otherwise.",
  }),
  scheduledAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description:
      "When an email that waits will go: its recipient's local time, a send window's opening, or a later day under the daily cap; null for mail due at once.",
  }),
  messageId: Type.String({
    description:
      'The Message-ID, without angle brackets; the same on every attempt. Ours, or the one a message submitted over SMTP carried.',
  }),
  via: Type.Union([literals(['api', 'smtp']), Type.Null()], {
    description:
      'How a TRANSACTIONAL email arrived: api (POST /v1/send) or smtp (SMTP submission); null for other mail.',
  }),
  createdAt: DateTime,
  sentAt: Time,
  deliveredAt: Time,
  openedAt: Time,
  clickedAt: Time,
  bouncedAt: Time,
  attemptCount: Type.Integer({ description: 'Attempts of the current round (a retry starts a new round at 0).' }),
  lastError: Type.Union([Type.String(), Type.Null()]),
  suppressedBy: Type.Optional(
    Type.Object(
      {
        id: Type.String({ description: 'The rule (GET /suppressions); an ERASED rule is an erased address.' }),
        reason: literals(RULE_REASONS),
      },
      { description: 'SUPPRESSED emails only: the suppression rule that held the email (beyond.md §10).' },
    ),
  ),
});
export type EmailLogItem = Static<typeof EmailLogItem>;

export const EmailPage = CursorPageOf(EmailLogItem, 'emails, counted up to 10,000 (10000 means at least that)');
export type EmailPage = Static<typeof EmailPage>;

export const EmailAttempt = Type.Object({
  at: DateTime,
  transport: Type.String({
    description: "capture, smtp or ses (the server's transport), or the name of the project's own transport.",
  }),
  transportId: Type.Optional(Type.String({ description: "The project's own transport (GET /transports/:id)." })),
  result: literals(['ACCEPTED', 'TEMPORARY_FAILURE', 'PERMANENT_FAILURE']),
  smtpCode: Type.Optional(Type.Integer({ description: "The SMTP relay's reply code, when it gave one." })),
  response: Type.String({ description: 'What the transport answered (at most 500 characters).' }),
  durationMs: Type.Integer(),
});

export const EmailEvent = Type.Object({
  id: Type.String(),
  name: Type.String({
    description: 'email.sent, email.delivery, email.open, email.click, email.bounce or email.complaint.',
  }),
  data: Type.Record(Type.String(), Type.Unknown()),
  createdAt: DateTime,
});

export const EmailDetail = Type.Object({
  ...EmailLogItem.properties,
  attempts: Type.Array(EmailAttempt, { description: 'Every delivery attempt, oldest first.' }),
  events: Type.Array(EmailEvent, { description: "The email's events, oldest first (at most 100)." }),
});
export type EmailDetail = Static<typeof EmailDetail>;
