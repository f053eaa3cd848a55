/**
 * Table shapes as Kysely sees them (camelCase; CamelCasePlugin maps to snake_case columns).
 * Timestamps read back as ISO strings on both dialects; booleans read back as 0/1 on SQLite, so
 * mappers use the codecs in codecs.ts.
 */
import type { ColumnType, Generated, SqlBool } from 'kysely';
import type { AnalyticsTables } from './analytics-tables.ts';
import type { AuthTables } from './auth-tables.ts';
import type { BillingTables } from './billing-tables.ts';
import type { SafetyTables } from './safety-tables.ts';
import type { TeamTables } from './team-tables.ts';
import type { UploadTables } from './uploads-tables.ts';
import type { WorkflowTables } from './workflow-tables.ts';

/** Written as Date or ISO string, read as ISO string. */
export type Timestamp = ColumnType<string, Date | string, Date | string>;
/** Written as boolean (the SQLite plugin stores 0/1), read as boolean or 0/1. */
export type Bool = ColumnType<SqlBool, boolean | undefined, boolean>;
/** JSON: written as a JSON string, read as a string (SQLite) or a parsed value (PostgreSQL). */
export type Json = ColumnType<unknown, string, string>;

export interface UsersTable {
  id: string;
  email: string;
  passwordHash: string;
  emailVerified: Bool;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ProjectsTable {
  id: string;
  name: string;
  secretKeyHash: string;
  /** Last characters of the secret key, so a dashboard can tell keys apart without storing them. */
  secretKeyHint: string;
  publicKey: string;
  disabled: Bool;
  tracking: Tracking;
  /** Emails per second this project may send; null: the configured default (SEND_RATE_PER_SECOND). */
  sendRatePerSecond: number | null;
  /** Locale for contacts without `data.locale` (footer, subscription pages); null: English. */
  defaultLocale: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export type Role = 'OWNER' | 'ADMIN' | 'MEMBER';

/** Open and click tracking of a project (decisions.md). */
export type Tracking = 'ENABLED' | 'DISABLED' | 'MARKETING_ONLY';

export interface MembershipsTable {
  projectId: string;
  userId: string;
  role: Role;
  createdAt: Timestamp;
}

export interface AuthThrottleTable {
  key: string;
  failures: number;
  windowStartedAt: Timestamp;
}

export interface JobsTable {
  id: string;
  name: string;
  payload: Json;
  runAt: Timestamp;
  attempts: Generated<number>;
  maxAttempts: number;
  lockedAt: Timestamp | null;
  lockedBy: string | null;
  lastError: string | null;
  jobKey: string | null;
  failedAt: Timestamp | null;
  /** While a runner holds the job: it renews this as the handler runs; past it, the sweep takes the job back. */
  leaseUntil: Timestamp | null;
  createdAt: Timestamp;
}

export interface CronStateTable {
  name: string;
  lastRunAt: Timestamp;
}

export type DomainStatus = 'PENDING' | 'VERIFIED';

export interface DomainsTable {
  id: string;
  projectId: string;
  domain: string;
  status: DomainStatus;
  dkimSelector: string;
  dkimPublicKey: string;
  /** AES-256-GCM box (see domains/dkim.ts), never the plain PEM. */
  dkimPrivateKey: string;
  checkResults: Json | null;
  lastCheckedAt: Timestamp | null;
  verifiedAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ActivityLogTable {
  id: string;
  projectId: string;
  type: string;
  resourceType: string;
  resourceId: string;
  data: Json;
  createdAt: Timestamp;
}

export type FieldType = 'string' | 'number' | 'boolean' | 'date';

export interface ContactsTable {
  id: string;
  projectId: string;
  email: string;
  subscribed: Bool;
  data: Json;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ContactCountsTable {
  projectId: string;
  shard: number;
  n: number;
}

export interface FieldCoverageTable {
  projectId: string;
  total: number;
  /** JSON object: field key → contacts having it set. */
  counts: Json;
  computedAt: Timestamp;
}

export interface ContactFieldsTable {
  projectId: string;
  /** Dotted path inside `data` (`plan`, `profile.tier`). */
  key: string;
  type: FieldType;
  createdAt: Timestamp;
}

/** A custom field key that DELETE /contacts/fields removed: conditions on it match nothing until it is recorded again. */
export interface DeletedFieldsTable {
  projectId: string;
  key: string;
  deletedAt: Timestamp;
}

export type ContactJobStatus = 'queued' | 'processing' | 'completed' | 'failed';

export interface ImportFilesTable {
  importId: string;
  content: Buffer;
}

export interface ImportJobsTable {
  id: string;
  projectId: string;
  status: ContactJobStatus;
  fileName: string;
  delimiter: string;
  totalRows: number;
  cursor: Generated<number>;
  imported: Generated<number>;
  updated: Generated<number>;
  skipped: Generated<number>;
  errors: Json;
  attempts: Generated<number>;
  leaseUntil: Timestamp | null;
  failureReason: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  finishedAt: Timestamp | null;
}

export type BulkAction = 'subscribe' | 'unsubscribe' | 'delete' | 'deleteField';

export interface BulkJobsTable {
  id: string;
  projectId: string;
  action: BulkAction;
  status: ContactJobStatus;
  contactIds: Json;
  total: number;
  processed: Generated<number>;
  succeeded: Generated<number>;
  failed: Generated<number>;
  attempts: Generated<number>;
  leaseUntil: Timestamp | null;
  /** deleteField: the field removed (`data.<key>`); null for the other actions. */
  field: string | null;
  /** deleteField: the last contact id the slices have passed (keyset cursor). */
  cursorId: string | null;
  failureReason: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  finishedAt: Timestamp | null;
}

export interface EventsTable {
  id: string;
  projectId: string;
  contactId: string | null;
  name: string;
  data: Json;
  createdAt: Timestamp;
}

/** Events per (project, name), kept by triggers; a key's count is the sum of its shards' `n`. */
export interface EventCountsTable {
  projectId: string;
  name: string;
  shard: number;
  n: number;
  lastSeenAt: Timestamp;
}

/** Events per (project, UTC hour `YYYY-MM-DDTHH`), kept by triggers like EventCountsTable. */
export interface EventHourCountsTable {
  projectId: string;
  hour: string;
  shard: number;
  n: number;
}

/** The content class of a template or an email (decisions.md "Templates and content"). */
export type EmailType = 'TRANSACTIONAL' | 'MARKETING' | 'HEADLESS';

export interface TemplatesTable {
  id: string;
  projectId: string;
  name: string;
  description: string | null;
  subject: string;
  body: string;
  type: EmailType;
  fromEmail: string | null;
  fromName: string | null;
  replyTo: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** decisions.md "Email records". */
export type EmailStatus =
  | 'PENDING'
  | 'SENDING'
  | 'SENT'
  | 'DELIVERED'
  | 'OPENED'
  | 'CLICKED'
  | 'BOUNCED'
  | 'COMPLAINED'
  | 'FAILED'
  | 'SUPPRESSED';

export type EmailSource = 'TRANSACTIONAL' | 'CAMPAIGN' | 'WORKFLOW';

export interface EmailsTable {
  id: string;
  projectId: string;
  contactId: string | null;
  templateId: string | null;
  sourceType: EmailSource;
  /** Campaign id or workflow execution id; null for /v1/send. */
  sourceId: string | null;
  emailType: EmailType;
  status: EmailStatus;
  /** 0 transactional, 1 bulk: lower is claimed first. */
  priority: number;
  toEmail: string;
  toName: string | null;
  fromEmail: string;
  fromName: string | null;
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
  /** JSON object of extra header fields (custom headers, List-Unsubscribe …), names as given. */
  headers: Json;
  hasAttachments: Bool;
  /** Our Message-ID without angle brackets; the same on every attempt. */
  messageId: string;
  transportMessageId: string | null;
  attempts: number;
  nextAttemptAt: Timestamp;
  leaseUntil: Timestamp | null;
  lastError: string | null;
  sentAt: Timestamp | null;
  deliveredAt: Timestamp | null;
  bouncedAt: Timestamp | null;
  complainedAt: Timestamp | null;
  openedAt: Timestamp | null;
  openCount: number;
  clickedAt: Timestamp | null;
  clickCount: number;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface EmailAttachmentsTable {
  emailId: string;
  position: number;
  filename: string;
  contentType: string;
  contentId: string | null;
  disposition: 'attachment' | 'inline';
  content: Buffer;
}

/** What the capture transport stored (GET /outbox). */
export interface CapturedMessagesTable {
  id: string;
  projectId: string;
  emailId: string;
  toEmail: string;
  fromEmail: string;
  subject: string;
  html: string;
  text: string;
  /** JSON object: lower-cased header name → value. */
  headers: Json;
  raw: Buffer;
  createdAt: Timestamp;
}

export type SuppressionReason = 'BOUNCE' | 'COMPLAINT' | 'MANUAL';

export interface SuppressionsTable {
  projectId: string;
  email: string;
  reason: SuppressionReason;
  emailId: string | null;
  createdAt: Timestamp;
}

export interface IdempotencyKeysTable {
  projectId: string;
  key: string;
  bodyHash: string;
  /** Null while the first request is still running. */
  statusCode: number | null;
  response: Json | null;
  createdAt: Timestamp;
  expiresAt: Timestamp;
}

export interface SendRateWindowsTable {
  projectId: string;
  /** Unix second the window starts at. */
  windowStart: number;
  n: number;
}

export interface SnsMessagesTable {
  messageId: string;
  receivedAt: Timestamp;
}

export interface Database
  extends WorkflowTables,
    AuthTables,
    SafetyTables,
    TeamTables,
    UploadTables,
    AnalyticsTables,
    BillingTables {
  users: UsersTable;
  projects: ProjectsTable;
  memberships: MembershipsTable;
  authThrottle: AuthThrottleTable;
  jobs: JobsTable;
  cronState: CronStateTable;
  domains: DomainsTable;
  activityLog: ActivityLogTable;
  contacts: ContactsTable;
  contactFields: ContactFieldsTable;
  deletedFields: DeletedFieldsTable;
  contactCounts: ContactCountsTable;
  fieldCoverage: FieldCoverageTable;
  importJobs: ImportJobsTable;
  importFiles: ImportFilesTable;
  bulkJobs: BulkJobsTable;
  events: EventsTable;
  eventCounts: EventCountsTable;
  eventHourCounts: EventHourCountsTable;
  templates: TemplatesTable;
  emails: EmailsTable;
  emailAttachments: EmailAttachmentsTable;
  capturedMessages: CapturedMessagesTable;
  suppressions: SuppressionsTable;
  idempotencyKeys: IdempotencyKeysTable;
  sendRateWindows: SendRateWindowsTable;
  snsMessages: SnsMessagesTable;
  segments: SegmentsTable;
  segmentMembers: SegmentMembersTable;
  campaigns: CampaignsTable;
  campaignDispatches: CampaignDispatchesTable;
}

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

export interface CampaignsTable {
  id: string;
  projectId: string;
  name: string;
  description: string | null;
  subject: string;
  body: string;
  fromEmail: string;
  fromName: string | null;
  replyTo: string | null;
  emailType: EmailType;
  audienceType: AudienceType;
  segmentId: string | null;
  /** The normalised filter tree of a FILTERED audience. */
  audienceFilter: Json | null;
  status: CampaignStatus;
  scheduledAt: Timestamp | null;
  startedAt: Timestamp | null;
  sentAt: Timestamp | null;
  cancelledAt: Timestamp | null;
  totalRecipients: Generated<number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** The fan-out of a started campaign: a job row (src/jobs/job-rows.ts) whose id is the campaign's. */
export interface CampaignDispatchesTable {
  id: string;
  projectId: string;
  status: ContactJobStatus;
  /** The highest contact id when sending started: contacts created later are not in the audience. */
  maxContactId: string | null;
  /** The last contact id handed to the outbox ('' before the first batch). */
  cursor: Generated<string>;
  queued: Generated<number>;
  skipped: Generated<number>;
  attempts: Generated<number>;
  leaseUntil: Timestamp | null;
  failureReason: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  finishedAt: Timestamp | null;
}
