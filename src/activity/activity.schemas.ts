/** Request and response views of the /activity API. */
import { type Static, Type } from 'typebox';
import { TimeZoneParam } from '../analytics/analytics.schemas.ts';
import { CursorPageOf, CursorQuery } from '../http/pagination.ts';
import { DateTime } from '../http/schemas.ts';

/** The feed's activity types (decisions.md "Events, workflows"). */
export const ACTIVITY_TYPES = [
  'event.triggered',
  'email.sent',
  'email.delivered',
  'email.opened',
  'email.clicked',
  'email.bounced',
  'email.complaint',
  'email.received',
  'email.suppressed',
  'contact.subscribed',
  'contact.unsubscribed',
  'campaign.sent',
  'campaign.scheduled',
  'workflow.started',
  'workflow.completed',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** One activity type, as an enum in the OpenAPI document (a client can switch on it exhaustively). */
const ActivityTypeSchema = Type.Unsafe<ActivityType>({
  type: 'string',
  enum: [...ACTIVITY_TYPES],
  description: 'An activity type (see `type` of GET /activity).',
});

const dateText = (description: string) =>
  Type.String({ maxLength: 40, description: `${description} ISO 8601 date or date-time (UTC when no offset).` });

export const ListActivityQuery = Type.Object({
  limit: CursorQuery.properties.limit,
  cursor: CursorQuery.properties.cursor,
  type: Type.Optional(
    Type.String({ maxLength: 500, description: `One type or a comma list of: ${ACTIVITY_TYPES.join(', ')}.` }),
  ),
  contactId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  from: Type.Optional(dateText('Activity at or after this time.')),
  to: Type.Optional(dateText('Activity before this time (a bare date includes that day).')),
});
export type ListActivityQuery = Static<typeof ListActivityQuery>;

const ContactRef = Type.Object({ id: Type.String(), email: Type.String() });
const EmailRef = Type.Object({ id: Type.String(), subject: Type.String() });
const NamedRef = Type.Object({ id: Type.String(), name: Type.String() });

export const ActivityItem = Type.Object({
  id: Type.String(),
  type: ActivityTypeSchema,
  createdAt: DateTime,
  contact: Type.Optional(ContactRef),
  email: Type.Optional(EmailRef),
  campaign: Type.Optional(NamedRef),
  workflow: Type.Optional(NamedRef),
  event: Type.Optional(
    Type.Object({ name: Type.String() }, { description: 'The stored event behind the item, when there is one.' }),
  ),
  data: Type.Record(Type.String(), Type.Unknown(), {
    description:
      "The event's data for event items; the milestone's facts for campaign, workflow and suppression items.",
  }),
});
export type ActivityItem = Static<typeof ActivityItem>;

export const ActivityPage = CursorPageOf(ActivityItem, 'items, counted up to 10,000 (10000 means at least that)');
export type ActivityPage = Static<typeof ActivityPage>;

export const ActivityStatsQuery = Type.Object({
  from: Type.Optional(dateText('Start (its UTC hour included); default: 30 days before `to`.')),
  to: Type.Optional(dateText('End, exclusive (rounded up to a whole UTC hour); default: now.')),
  timezone: Type.Optional(TimeZoneParam),
});
export type ActivityStatsQuery = Static<typeof ActivityStatsQuery>;

export const ActivityStats = Type.Object({
  from: DateTime,
  to: DateTime,
  total: Type.Integer(),
  byType: Type.Array(Type.Object({ type: ActivityTypeSchema, count: Type.Integer() }), {
    description: 'Every activity type, in the order of the type list, zeros included.',
  }),
});
export type ActivityStats = Static<typeof ActivityStats>;

export const RecentCountQuery = Type.Object({
  minutes: Type.Integer({ minimum: 1, maximum: 1440, default: 5 }),
});
export type RecentCountQuery = Static<typeof RecentCountQuery>;

export const RecentCount = Type.Object({
  count: Type.Integer({ description: 'Items of the last `minutes`, counted up to 10,000.' }),
  capped: Type.Boolean({ description: 'True when the count stopped at the cap.' }),
  minutes: Type.Integer(),
  since: DateTime,
});
export type RecentCount = Static<typeof RecentCount>;

export const ActivityTypes = Type.Object({
  types: Type.Array(ActivityTypeSchema, { description: 'Activity types with at least one item in the feed.' }),
});
export type ActivityTypes = Static<typeof ActivityTypes>;

export const UpcomingQuery = Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }) });
export type UpcomingQuery = Static<typeof UpcomingQuery>;

export const UpcomingCampaign = Type.Object({
  id: Type.String(),
  name: Type.String(),
  scheduledAt: DateTime,
  totalRecipients: Type.Integer(),
});

export const UpcomingExecution = Type.Object({
  id: Type.String(),
  workflow: NamedRef,
  contact: ContactRef,
  dueAt: Type.Union([DateTime, Type.Null()], {
    description: "When the wait ends (a delay, or an event wait's timeout); null: waits for the event only.",
  }),
  waitingFor: Type.Union([Type.String(), Type.Null()], { description: 'The event name awaited, if any.' }),
  stepId: Type.Union([Type.String(), Type.Null()]),
});

export const Upcoming = Type.Object({
  campaigns: Type.Array(UpcomingCampaign, { description: 'SCHEDULED campaigns, soonest first, at most `limit`.' }),
  executions: Type.Array(UpcomingExecution, {
    description: 'WAITING workflow executions, soonest due first (those without a due time last), at most `limit`.',
  }),
});
export type Upcoming = Static<typeof Upcoming>;
