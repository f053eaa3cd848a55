/**
 * Table shapes as Kysely sees them (camelCase; CamelCasePlugin maps to snake_case columns).
 * Timestamps read back as ISO strings on both dialects; booleans read back as 0/1 on SQLite, so
 * mappers use the codecs in codecs.ts.
 */
import type { ColumnType, Generated, SqlBool } from 'kysely';

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

export interface Database {
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
  contactCounts: ContactCountsTable;
  fieldCoverage: FieldCoverageTable;
  importJobs: ImportJobsTable;
  importFiles: ImportFilesTable;
  bulkJobs: BulkJobsTable;
  events: EventsTable;
}
