/**
 * Table shapes of event webhooks (migration 0021) and of the email log's attempts (0022), listed in
 * `Database`.
 */
import type { Generated } from 'kysely';
import type { Bool, Json, Timestamp } from './column-types.ts';

export interface WebhookEndpointsTable {
  id: string;
  projectId: string;
  url: string;
  /** JSON array of event types, or `["*"]`. */
  events: Json;
  description: string | null;
  enabled: Bool;
  disabledReason: string | null;
  /** The signing secret (`whsec_…`), encrypted at rest (lib/secret-box.ts). */
  secret: string;
  /** The secret before the last rotation, encrypted; it signs too until `previousSecretUntil`. */
  previousSecret: string | null;
  previousSecretUntil: Timestamp | null;
  /** First failed attempt of the current streak; null once an attempt succeeds. */
  failingSince: Timestamp | null;
  /** Failed attempts in a row. */
  failureStreak: Generated<number>;
  /** While failing, no message is tried before this (one probe at a time, not every message). */
  restingUntil: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** Internal SENDING shows as PENDING in the API: a claimed message is still pending to the customer. */
export type WebhookMessageStatus = 'PENDING' | 'SENDING' | 'DELIVERED' | 'FAILED';

export interface WebhookMessagesTable {
  /** The `webhook-id`, the same on every attempt and retry. */
  id: string;
  projectId: string;
  endpointId: string;
  type: string;
  /** The exact body sent, so every attempt signs the same bytes. */
  payload: string;
  status: WebhookMessageStatus;
  attempts: number;
  /** Due time; while SENDING, the end of the claim's lease. */
  nextAttemptAt: Timestamp;
  leaseToken: string | null;
  lastAttemptAt: Timestamp | null;
  lastStatus: number | null;
  lastBody: string | null;
  lastDurationMs: number | null;
  createdAt: Timestamp;
}

export interface WebhookAttemptsTable {
  id: string;
  messageId: string;
  projectId: string;
  at: Timestamp;
  /** The HTTP status; null when no response came (refused, timeout, guard). */
  status: number | null;
  /** The first 1 KB of the response body, or what went wrong. */
  body: string;
  durationMs: number;
}

export type EmailAttemptResult = 'ACCEPTED' | 'TEMPORARY_FAILURE' | 'PERMANENT_FAILURE';

export interface EmailAttemptsTable {
  id: string;
  emailId: string;
  projectId: string;
  at: Timestamp;
  /** capture, smtp, ses (the server's transport), or the name of the project's own transport. */
  transport: string;
  /** The project's own transport (migration 0026); null for the server's. */
  transportId: string | null;
  result: EmailAttemptResult;
  smtpCode: number | null;
  /** ≤ 500 characters. */
  response: string;
  durationMs: number;
}

export interface WebhookTables {
  webhookEndpoints: WebhookEndpointsTable;
  webhookMessages: WebhookMessagesTable;
  webhookAttempts: WebhookAttemptsTable;
  emailAttempts: EmailAttemptsTable;
}
