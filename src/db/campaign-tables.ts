/** Table shapes of segments and campaigns (migration 0008), listed in `Database`. */
import type { Generated } from 'kysely';
import type { Bool, JobRowColumns, Json, Timestamp } from './column-types.ts';
import type { EmailType, MessageColumns } from './sending-tables.ts';

export type SegmentType = 'DYNAMIC' | 'STATIC';

export interface SegmentsTable {
  id: string;
  projectId: string;
  name: string;
  description: string | null;
  type: SegmentType;
  /** The normalised filter tree (src/segments/filters); null for STATIC. */
  filter: Json | null;
  trackMembership: Bool;
  memberCount: Generated<number>;
  countedAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface SegmentMembersTable {
  segmentId: string;
  contactId: string;
  projectId: string;
  createdAt: Timestamp;
}

export type CampaignStatus = 'DRAFT' | 'SCHEDULED' | 'SENDING' | 'SENT' | 'CANCELLED';

export type AudienceType = 'ALL' | 'SEGMENT' | 'FILTERED';

export interface CampaignsTable extends MessageColumns {
  fromEmail: string;
  emailType: EmailType;
  audienceType: AudienceType;
  segmentId: string | null;
  /** The normalised filter tree of a FILTERED audience. */
  audienceFilter: Json | null;
  /** Only the audience's subscribers of this topic receive it (beyond.md §1); null: everyone subscribed. */
  topicId: string | null;
  status: CampaignStatus;
  scheduledAt: Timestamp | null;
  startedAt: Timestamp | null;
  sentAt: Timestamp | null;
  cancelledAt: Timestamp | null;
  totalRecipients: Generated<number>;
  /** JSON array of the A/B variants (campaigns/ab/variants.ts StoredVariant); null: no test. */
  variants: Json | null;
  /** JSON of the test's settings ({ testPercent, metric, waitMinutes, decidedBy }); null: no test. */
  abTest: Json | null;
  abPhase: AbPhase | null;
  abWinner: string | null;
  /** When an AUTO test picks its winner; null before the wait and for MANUAL. */
  abDecideAt: Timestamp | null;
  /** JSON { localTime, date } of a send at a local time in each recipient's zone. */
  localSend: Json | null;
  /** Listed on the project's public archive once SENT (beyond.md §11, migration 0032). */
  archive: Bool;
}

export type AbPhase = 'TESTING' | 'WAITING' | 'SENDING_WINNER' | 'DONE';

/** A/B test group: chosen once at send, the variant (index) each of its recipients gets. */
export interface CampaignTestRecipientsTable {
  campaignId: string;
  contactId: string;
  variant: number;
}

/** The fan-out of a started campaign: a job row (src/jobs/job-rows.ts) whose id is the campaign's. */
export interface CampaignDispatchesTable extends JobRowColumns {
  /** The highest contact id when sending started: contacts created later are not in the audience. */
  maxContactId: string | null;
  /** The last contact id handed to the outbox ('' before the first batch). */
  cursor: Generated<string>;
  queued: Generated<number>;
  skipped: Generated<number>;
}

/** The segment and campaign tables, keyed as Kysely names them. */
export interface CampaignTables {
  segments: SegmentsTable;
  segmentMembers: SegmentMembersTable;
  campaigns: CampaignsTable;
  campaignDispatches: CampaignDispatchesTable;
  campaignTestRecipients: CampaignTestRecipientsTable;
}
