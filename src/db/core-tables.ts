/**
 * Table shapes of users, projects, domains and the embedded job queue (migrations 0001, 0003, 0005),
 * listed in `Database`.
 */
import type { Generated } from 'kysely';
import type { Bool, Json, Timestamp } from './column-types.ts';

export interface UsersTable {
  id: string;
  email: string;
  passwordHash: string;
  emailVerified: Bool;
  /** The dashboard's language (migration 0034); null: the browser's. */
  language: string | null;
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
  /** Sign-ups wait for the address to confirm (beyond.md §2). */
  doubleOptIn: Bool;
  /** Sender of confirmation mail; null: the server's system sender. */
  signupFrom: string | null;
  /** JSON array of origins that may call /v1/subscribe from a browser. */
  allowedOrigins: Json | null;
  /** Template of the confirmation mail (its body uses {{confirmUrl}}); null: the built-in text. */
  confirmationTemplateId: string | null;
  /** JSON of the hosted sign-up form's settings (SignupForm); null: not set up. */
  signupForm: Json | null;
  /** IANA zone of recipients without data.timezone, of the daily cap's days (beyond.md §9). */
  timezone: Generated<string>;
  /** JSON SendWindow (sending/send-window.ts); null: always open. */
  sendWindow: Json | null;
  dailyMarketingCap: number | null;
  /** JSON Warmup (sending/daily-cap.ts); null: none. */
  warmup: Json | null;
  /** The MCP server's write tools are listed and run (beyond.md §11, migration 0033). */
  mcpWrites: Bool;
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

/** The core tables, keyed as Kysely names them. */
export interface CoreTables {
  users: UsersTable;
  projects: ProjectsTable;
  memberships: MembershipsTable;
  authThrottle: AuthThrottleTable;
  jobs: JobsTable;
  cronState: CronStateTable;
  domains: DomainsTable;
  activityLog: ActivityLogTable;
}
