import { type Static, Type } from 'typebox';
import { ContentFields, ContentViewFields } from '../authoring/content.schemas.ts';
import { COMPONENT } from '../http/components.ts';
import { PageInfo, PageQuery } from '../http/pages.ts';
import { DateTime, literals } from '../http/schemas.ts';

export const CampaignStatus = literals(['DRAFT', 'SCHEDULED', 'SENDING', 'SENT', 'CANCELLED']);
export const AudienceType = literals(['ALL', 'SEGMENT', 'FILTERED']);
export const EmailType = Type.Union(
  [Type.Literal('MARKETING'), Type.Literal('HEADLESS'), Type.Literal('TRANSACTIONAL')],
  { description: 'Content class, as for templates; MARKETING by default.' },
);

const orNull = <T extends ReturnType<typeof Type.String>>(s: T) => Type.Union([s, Type.Null()]);
const FilterBody = Type.Record(Type.String(), Type.Unknown(), {
  [COMPONENT]: 'FilterInput',
  description: 'A filter group in either form of the segments section ({ operator, conditions } or { logic, groups }).',
});

export const AbMetric = literals(['OPENS', 'CLICKS']);
export const AbDecidedBy = literals(['AUTO', 'MANUAL']);
export const AbPhase = literals(['TESTING', 'WAITING', 'SENDING_WINNER', 'DONE']);

/** One A/B variant in a request: what it changes of the campaign's own content (beyond.md §9). */
export const VariantInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 60, description: 'Unique within the campaign.' }),
  subject: Type.Optional(Type.String({ minLength: 1, maxLength: 998 })),
  from: Type.Optional(Type.String({ minLength: 1, maxLength: 320 })),
  fromName: Type.Optional(orNull(Type.String({ maxLength: 200 }))),
  ...ContentFields,
  templateId: Type.Optional(
    Type.String({
      maxLength: 64,
      description: "The variant's subject and content are this template's (its live version).",
    }),
  ),
});
export type VariantInput = Static<typeof VariantInput>;

export const AbTestInput = Type.Object({
  testPercent: Type.Integer({ minimum: 5, maximum: 50, description: 'Percent of the audience in the test group.' }),
  metric: AbMetric,
  waitMinutes: Type.Integer({
    minimum: 1,
    maximum: 10080,
    description: 'AUTO: how long after the last test email was handed over the winner is picked.',
  }),
  decidedBy: AbDecidedBy,
});
export type AbTestInput = Static<typeof AbTestInput>;

const ArchiveFlag = Type.Boolean({
  description:
    "Listed on the project's public archive (GET /archive/{projectId}) once SENT, readable there without personal data. Default false; absent on PUT: unchanged.",
});

export const CampaignBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  description: Type.Optional(orNull(Type.String({ maxLength: 2000 }))),
  subject: Type.String({ minLength: 1, maxLength: 998, description: 'No line breaks; Liquid.' }),
  ...ContentFields,
  from: Type.String({ minLength: 1, maxLength: 320, description: 'Must be on a verified domain.' }),
  fromName: Type.Optional(orNull(Type.String({ maxLength: 200 }))),
  replyTo: Type.Optional(orNull(Type.String({ maxLength: 320 }))),
  audienceType: AudienceType,
  segmentId: Type.Optional(orNull(Type.String({ maxLength: 64 }))),
  audienceFilter: Type.Optional(Type.Union([FilterBody, Type.Null()])),
  topicId: Type.Optional(
    orNull(Type.String({ maxLength: 64, description: "Only the audience's subscribers of this topic receive it." })),
  ),
  emailType: Type.Optional(EmailType),
  type: Type.Optional(
    Type.String({ maxLength: 40, description: 'MARKETING | HEADLESS | TRANSACTIONAL is read as emailType.' }),
  ),
  variants: Type.Optional(
    Type.Union([Type.Array(VariantInput, { minItems: 2, maxItems: 4 }), Type.Null()], {
      description: 'A/B variants (2–4), given together with abTest; null or absent: no test.',
    }),
  ),
  abTest: Type.Optional(Type.Union([AbTestInput, Type.Null()])),
  archive: Type.Optional(ArchiveFlag),
});
export type CampaignBody = Static<typeof CampaignBody>;

/** PATCH /campaigns/{id}: what may change in any state (the archive flag; the content changes only as a DRAFT, through PUT). */
export const CampaignPatchBody = Type.Object({ archive: Type.Optional(ArchiveFlag) });
export type CampaignPatchBody = Static<typeof CampaignPatchBody>;

export const ListCampaignsQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(CampaignStatus),
});
export type ListCampaignsQuery = Static<typeof ListCampaignsQuery>;

const LocalTime = Type.String({ maxLength: 5, description: 'HH:MM, 24-hour clock.' });
const LocalDate = Type.String({ maxLength: 10, description: 'YYYY-MM-DD.' });

export const SendCampaignBody = Type.Object({
  scheduledFor: Type.Optional(
    Type.String({ maxLength: 64, description: 'ISO 8601 date-time in the future; absent: send now.' }),
  ),
  localTime: Type.Optional({
    ...LocalTime,
    description: "With `date`: each recipient's email goes at this time in its zone (at once where it has passed).",
  }),
  date: Type.Optional(LocalDate),
});

export const SendPlanBody = Type.Object({ localTime: LocalTime, date: LocalDate });
export type SendPlanBody = Static<typeof SendPlanBody>;

export const SendPlan = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  groups: Type.Array(
    Type.Object({
      timezone: Type.String(),
      sendAt: DateTime,
      recipients: Type.Integer({ minimum: 0 }),
    }),
    { description: 'Recipients by zone, soonest first; a moment already past is now.' },
  ),
});
export type SendPlan = Static<typeof SendPlan>;

export const WinnerBody = Type.Object({ variant: Type.String({ minLength: 1, maxLength: 60 }) });
export type WinnerBody = Static<typeof WinnerBody>;
export type SendCampaignBody = Static<typeof SendCampaignBody>;

export const TestCampaignBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: 320 }) });
export type TestCampaignBody = Static<typeof TestCampaignBody>;

const Time = Type.Union([DateTime, Type.Null()]);

const SummaryFields = {
  id: Type.String(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  subject: Type.String(),
  type: AudienceType,
  audienceType: AudienceType,
  emailType: EmailType,
  status: CampaignStatus,
  scheduledAt: Time,
  startedAt: Time,
  sentAt: Time,
  cancelledAt: Time,
  totalRecipients: Type.Integer(),
  archive: Type.Boolean({ description: "On the project's public archive once SENT." }),
  createdAt: DateTime,
  updatedAt: DateTime,
};

/** A campaign as lists show it (no body or filter). */
export const CampaignSummary = Type.Object(SummaryFields);
export type CampaignSummary = Static<typeof CampaignSummary>;

export const VariantView = Type.Object({
  name: Type.String(),
  subject: Type.String(),
  from: Type.String(),
  fromName: Type.Union([Type.String(), Type.Null()]),
  ...ContentViewFields,
  templateId: Type.Union([Type.String(), Type.Null()]),
});

export const AbTestView = Type.Object({
  ...AbTestInput.properties,
  phase: Type.Union([AbPhase, Type.Null()], { description: 'null until the campaign is sent.' }),
  winner: Type.Union([Type.String(), Type.Null()]),
  decideAt: Type.Union([DateTime, Type.Null()], { description: 'When an AUTO test picks its winner.' }),
  testRecipients: Type.Integer({ minimum: 0, description: 'Size of the test group (0 before sending).' }),
});

export const CampaignView = Type.Object({
  ...SummaryFields,
  ...ContentViewFields,
  from: Type.String(),
  fromName: Type.Union([Type.String(), Type.Null()]),
  replyTo: Type.Union([Type.String(), Type.Null()]),
  segmentId: Type.Union([Type.String(), Type.Null()]),
  // The spec's form ({ operator, conditions }) when it can express the filter, else { logic, groups }.
  audienceFilter: Type.Union([FilterBody, Type.Null()]),
  topicId: Type.Union([Type.String(), Type.Null()], {
    description:
      'The topic whose subscribers receive it (null: every subscribed contact of the audience); its unsubscribe link leaves that topic only.',
  }),
  variants: Type.Array(VariantView, { description: "A/B variants with the campaign's values where they change none." }),
  abTest: Type.Union([AbTestView, Type.Null()]),
  localSend: Type.Union([Type.Object({ localTime: Type.String(), date: Type.String() }), Type.Null()]),
});
export type CampaignView = Static<typeof CampaignView>;

export const CampaignCreated = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({
    id: Type.String(),
    name: Type.String(),
    subject: Type.String(),
    type: AudienceType,
    status: CampaignStatus,
    scheduledAt: Time,
  }),
});
export type CampaignCreated = Static<typeof CampaignCreated>;

/** A list item: the summary with the headline numbers of GET /campaigns/{id}/stats, so a list needs one request. */
export const CampaignListItem = Type.Object({
  ...SummaryFields,
  sentCount: Type.Integer({ minimum: 0 }),
  openRate: Type.Number({ minimum: 0, description: 'Percent of sentCount (0 when nothing was sent).' }),
  clickRate: Type.Number({ minimum: 0, description: 'Percent of sentCount (0 when nothing was sent).' }),
});
export type CampaignListItem = Static<typeof CampaignListItem>;

export const CampaignPage = Type.Object({ campaigns: Type.Array(CampaignListItem), ...PageInfo.properties });
export type CampaignPage = Static<typeof CampaignPage>;

const Count = Type.Integer({ minimum: 0 });
const Rate = Type.Number({ minimum: 0, description: 'Percent of sentCount (0 when nothing was sent).' });

export const CampaignStats = Type.Object({
  totalRecipients: Count,
  sentCount: Count,
  deliveredCount: Count,
  openedCount: Count,
  clickedCount: Count,
  bouncedCount: Count,
  complainedCount: Count,
  unsubscribedCount: Count,
  openRate: Rate,
  clickRate: Rate,
  bounceRate: Rate,
  variants: Type.Optional(
    Type.Array(
      Type.Object({
        name: Type.String(),
        sent: Count,
        opened: Count,
        clicked: Count,
        openRate: Rate,
        clickRate: Rate,
        winner: Type.Boolean(),
      }),
      { description: 'Per A/B variant, only for a campaign with a test. Unique opens and clicks.' },
    ),
  ),
});
export type CampaignStats = Static<typeof CampaignStats>;

export const AudiencePreviewBody = Type.Object({
  audienceType: AudienceType,
  segmentId: Type.Optional(orNull(Type.String({ maxLength: 64 }))),
  audienceFilter: Type.Optional(Type.Union([FilterBody, Type.Null()])),
  topicId: Type.Optional(
    orNull(Type.String({ maxLength: 64, description: "Only the audience's subscribers of this topic receive it." })),
  ),
  emailType: Type.Optional(EmailType),
});
export type AudiencePreviewBody = Static<typeof AudiencePreviewBody>;

export const AudiencePreview = Type.Object({
  matching: Type.Integer({ description: 'Contacts the audience selects.' }),
  recipients: Type.Integer({
    description:
      'Of those, the ones a send now would reach: subscribed (unless TRANSACTIONAL) and not on the suppression list.',
  }),
});
export type AudiencePreview = Static<typeof AudiencePreview>;

export const CampaignTimeseriesQuery = Type.Object({
  interval: Type.Optional(
    Type.Union([Type.Literal('hour'), Type.Literal('day')], {
      description: 'Bucket size; default hour when the activity spans at most three days, else day.',
    }),
  ),
});
export type CampaignTimeseriesQuery = Static<typeof CampaignTimeseriesQuery>;

const TimeseriesCounts = {
  sent: Count,
  delivered: Count,
  opened: Count,
  clicked: Count,
  bounced: Count,
  unsubscribed: Count,
};

export const CampaignTimeseries = Type.Object({
  interval: literals(['hour', 'day']),
  data: Type.Array(
    Type.Object({
      start: Type.String({ format: 'date-time', description: 'First instant of the bucket (UTC).' }),
      ...TimeseriesCounts,
    }),
    {
      description:
        'Every bucket from the first send to the latest activity, oldest first; empty ones are zeros. Each email counts once per metric, in the bucket of its first such event.',
    },
  ),
});
export type CampaignTimeseries = Static<typeof CampaignTimeseries>;
