/**
 * Table shapes of templates, the outbox and what sending keeps beside it (migrations 0006, 0007),
 * listed in `Database`.
 */
import type { ColumnType } from 'kysely';
import type { Bool, Json, Timestamp } from './column-types.ts';

/** The content class of a template or an email (decisions.md "Templates and content"). */
export type EmailType = 'TRANSACTIONAL' | 'MARKETING' | 'HEADLESS';

/** How a template's or a campaign's content is written (beyond.md §8). */
export type ContentFormat = 'HTML' | 'MJML' | 'BLOCKS';

/** What a template and a campaign both are: a project's named message, its subject and body. */
export interface MessageColumns {
  id: string;
  projectId: string;
  name: string;
  description: string | null;
  subject: string;
  /** The HTML that is sent, Liquid kept (compiled at save from MJML and BLOCKS). */
  body: string;
  format: ColumnType<ContentFormat, ContentFormat | undefined, ContentFormat>;
  /** What the author wrote when that is not the HTML: MJML source, or the block document as JSON. */
  source: string | null;
  fromName: string | null;
  replyTo: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface TemplatesTable extends MessageColumns {
  type: EmailType;
  fromEmail: string | null;
  /** The number of the current content's version in template_versions. */
  version: ColumnType<number, number | undefined, number>;
  /** The unpublished draft (templates/drafts.ts), JSON; sends never read it. */
  draft: Json | null;
}

/** Who saved a version: a member, or the project's secret key (`KEY`, no user). */
export type AuthorType = 'USER' | 'KEY';

/** One saved content of a template (beyond.md §8 "Versions"). */
export interface TemplateVersionsTable {
  templateId: string;
  version: number;
  projectId: string;
  format: ContentFormat;
  subject: string;
  body: string;
  source: string | null;
  createdAt: Timestamp;
  /** Null for versions from before versions were kept. */
  createdByType: AuthorType | null;
  createdByUserId: string | null;
  createdByEmail: string | null;
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
export type EmailVia = 'api' | 'smtp';

export interface EmailsTable {
  id: string;
  projectId: string;
  contactId: string | null;
  templateId: string | null;
  /** The template version the email was composed from (beyond.md §8). */
  templateVersion: ColumnType<number | null, number | null | undefined, number | null>;
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
  /** How a TRANSACTIONAL email arrived: `api` (/v1/send) or `smtp` (submission); null otherwise (migration 0025). */
  via: EmailVia | null;
  transportMessageId: string | null;
  attempts: number;
  nextAttemptAt: Timestamp;
  leaseUntil: Timestamp | null;
  /** The token of the claim that holds the row while SENDING; every write of that claim is fenced by it. */
  leaseToken: string | null;
  lastError: string | null;
  sentAt: Timestamp | null;
  deliveredAt: Timestamp | null;
  bouncedAt: Timestamp | null;
  complainedAt: Timestamp | null;
  openedAt: Timestamp | null;
  openCount: number;
  clickedAt: Timestamp | null;
  clickCount: number;
  /** The A/B variant's name (beyond.md §9); null outside a test. */
  variant: string | null;
  /** When a waiting email is due (its zone's moment, a window's opening, a day under the cap); null: at once. */
  scheduledAt: Timestamp | null;
  /** The suppression rule that held a SUPPRESSED email (migration 0031), and that rule's reason. */
  suppressionId: string | null;
  suppressionReason: string | null;
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

/** Marketing mail handed over per project and local day (migration 0029), as rate windows are kept. */
export interface MarketingDayCountsTable {
  projectId: string;
  /** The project's local day, as days since 1970-01-01. */
  windowStart: number;
  n: number;
}

export interface SnsMessagesTable {
  messageId: string;
  receivedAt: Timestamp;
}

/** The sending tables, keyed as Kysely names them. */
export interface SendingTables {
  templates: TemplatesTable;
  templateVersions: TemplateVersionsTable;
  emails: EmailsTable;
  emailAttachments: EmailAttachmentsTable;
  capturedMessages: CapturedMessagesTable;
  idempotencyKeys: IdempotencyKeysTable;
  sendRateWindows: SendRateWindowsTable;
  marketingDayCounts: MarketingDayCountsTable;
  snsMessages: SnsMessagesTable;
}
