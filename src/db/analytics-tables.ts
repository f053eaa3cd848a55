/** Table shapes of the activity feed and the analytics counters (migration 0016), listed in `Database`. */
import type { Json, Timestamp } from './column-types.ts';

/** One item of the activity feed; rows derived from events share the event's id (migration 0016). */
export interface ActivityFeedTable {
  id: string;
  projectId: string;
  /** An activity type of decisions.md (`email.sent`, `event.triggered`, `workflow.completed` …). */
  type: string;
  contactId: string | null;
  emailId: string | null;
  campaignId: string | null;
  workflowId: string | null;
  /** The item's own data (milestones); null for event rows, whose data is the event's. */
  data: Json | null;
  createdAt: Timestamp;
}

/** Feed rows per (project, UTC hour `YYYY-MM-DDTHH`, type); a key's count is the sum of its shards. */
export interface ActivityHourCountsTable {
  projectId: string;
  hour: string;
  type: string;
  shard: number;
  n: number;
}

/** Custom (tracked) events per (project, UTC day `YYYY-MM-DD`, name). */
export interface EventDayCountsTable {
  projectId: string;
  day: string;
  name: string;
  shard: number;
  n: number;
}

/** The email metrics both counters keep: each email counts once per metric, at its first time. */
export interface EmailMetricColumns {
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
  bounced: number;
  complained: number;
}

/** Emails per (project, UTC hour) by the hour each metric happened at. */
export interface EmailHourCountsTable extends EmailMetricColumns {
  projectId: string;
  hour: string;
  shard: number;
}

/** A campaign's email metrics, plus contacts who unsubscribed through one of its emails. */
export interface CampaignEmailCountsTable extends EmailMetricColumns {
  projectId: string;
  campaignId: string;
  shard: number;
  unsubscribed: number;
}

export interface AnalyticsTables {
  activityFeed: ActivityFeedTable;
  activityHourCounts: ActivityHourCountsTable;
  eventDayCounts: EventDayCountsTable;
  emailHourCounts: EmailHourCountsTable;
  campaignEmailCounts: CampaignEmailCountsTable;
}
