/** Request and response views of the /analytics API. */
import { type Static, Type } from 'typebox';
import { CampaignStatus } from '../campaigns/campaigns.schemas.ts';
import { CursorPageOf, CursorQuery } from '../http/pagination.ts';
import { DateTime, literals } from '../http/schemas.ts';

const dateText = (description: string) =>
  Type.String({
    maxLength: 40,
    description: `${description} ISO 8601 date (a local day in \`timezone\`) or date-time (UTC when no offset).`,
  });

export const TimeZoneParam = Type.String({
  maxLength: 64,
  description: 'IANA time zone (`Europe/Paris`); default UTC.',
});

export const TimeseriesQuery = Type.Object({
  from: Type.Optional(
    dateText('Start, inclusive; default: 30 buckets (day) or 24 (hour) ending with the one holding `to`.'),
  ),
  to: Type.Optional(dateText('End, exclusive (a bare date includes that day); default: now.')),
  interval: Type.Union([Type.Literal('hour'), Type.Literal('day')], { default: 'day' }),
  timezone: Type.Optional(TimeZoneParam),
});
export type TimeseriesQuery = Static<typeof TimeseriesQuery>;

const Count = (description: string) => Type.Integer({ description });

const MetricFields = {
  sent: Count('Emails handed to the transport in the bucket.'),
  delivered: Count('Emails first known delivered in the bucket (a delivery report, or else a first open or click).'),
  opened: Count('Emails first opened in the bucket (unique opens).'),
  clicked: Count('Emails first clicked in the bucket (unique clicks).'),
  bounced: Count('Emails bounced in the bucket.'),
  complained: Count('Emails reported as spam in the bucket.'),
};

export const MetricCounts = Type.Object(MetricFields);
export type MetricCounts = Static<typeof MetricCounts>;

export const TimeseriesPoint = Type.Object({
  start: Type.String({ format: 'date-time', description: 'First instant of the bucket (UTC).' }),
  label: Type.String({
    description: "The bucket in the caller's calendar: `YYYY-MM-DD` (day) or a local date-time with offset (hour).",
  }),
  ...MetricFields,
});

export const Timeseries = Type.Object({
  interval: literals(['hour', 'day']),
  timezone: Type.String(),
  from: Type.String({ format: 'date-time', description: 'First instant of the first bucket.' }),
  to: Type.String({ format: 'date-time', description: 'End of the last bucket (exclusive).' }),
  data: Type.Array(TimeseriesPoint, { description: 'Every bucket of the range, oldest first; empty ones are zeros.' }),
  totals: MetricCounts,
});
export type Timeseries = Static<typeof Timeseries>;

export const CampaignMetric = literals(['sent', 'opened', 'clicked', 'openRate', 'clickRate']);
export type CampaignMetric = Static<typeof CampaignMetric>;

export const TopCampaignsQuery = Type.Object({
  metric: Type.Optional(CampaignMetric),
  limit: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
});
export type TopCampaignsQuery = Static<typeof TopCampaignsQuery>;

const Rate = (of: string) => Type.Number({ description: `${of} as a percent of \`sent\` (two decimals).` });

export const CampaignBreakdown = Type.Object({
  id: Type.String(),
  name: Type.String(),
  status: CampaignStatus,
  sentAt: Type.Union([DateTime, Type.Null()]),
  recipients: Type.Integer({ description: "The campaign's audience size when it was sent or scheduled." }),
  ...MetricFields,
  unsubscribed: Count('Contacts who unsubscribed through a link of one of its emails.'),
  deliveryRate: Rate('delivered'),
  openRate: Rate('opened'),
  clickRate: Rate('clicked'),
  bounceRate: Rate('bounced'),
  complaintRate: Rate('complained'),
});
export type CampaignBreakdown = Static<typeof CampaignBreakdown>;

export const TopCampaigns = Type.Object({
  metric: CampaignMetric,
  data: Type.Array(CampaignBreakdown, { description: 'Campaigns that sent anything, best first.' }),
});
export type TopCampaigns = Static<typeof TopCampaigns>;

export const CampaignStatsQuery = CursorQuery;
export type CampaignStatsQuery = Static<typeof CampaignStatsQuery>;

export const CampaignStatsPage = CursorPageOf(CampaignBreakdown, 'campaigns');
export type CampaignStatsPage = Static<typeof CampaignStatsPage>;

export const TopEventsQuery = Type.Object({
  from: Type.Optional(dateText('Start (its UTC day included); default: all time.')),
  to: Type.Optional(dateText('End, exclusive (whole UTC days: the day holding `to` is included).')),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
});
export type TopEventsQuery = Static<typeof TopEventsQuery>;

export const TopEvents = Type.Object({
  from: Type.Union([DateTime, Type.Null()]),
  to: Type.Union([DateTime, Type.Null()]),
  data: Type.Array(Type.Object({ name: Type.String(), count: Type.Integer() }), {
    description: 'Tracked (custom) event names, most frequent first; system events are left out.',
  }),
});
export type TopEvents = Static<typeof TopEvents>;
