/** Table shapes of a project's own transports (migration 0026, beyond.md §7), listed in `Database`. */
import type { Generated } from 'kysely';
import type { Bool, Json, Timestamp } from './column-types.ts';

export type TransportKind = 'SMTP' | 'SES';
/** A mail stream: TRANSACTIONAL mail, or MARKETING for marketing and headless mail. */
export type TransportStream = 'TRANSACTIONAL' | 'MARKETING';

export interface TransportsTable {
  id: string;
  projectId: string;
  /** Unique in the project; the email log names each attempt's transport by it. */
  name: string;
  kind: TransportKind;
  /** SMTP: `smtp[s]://user@host:port`, the password left out (it is in `secret`). */
  url: string | null;
  /** SES: JSON `{ region, accessKeyId, endpoint? }`, the secret access key left out (it is in `secret`). */
  ses: Json | null;
  /** The SMTP password or the SES secret access key, encrypted at rest (lib/secret-box.ts); null when none. */
  secret: string | null;
  /** JSON array of streams. */
  streams: Json;
  /** Sends per second across every worker; null: no limit of its own. */
  ratePerSecond: number | null;
  /** Lower is tried first. */
  priority: number;
  enabled: Bool;
  /** Temporary failures in a row; 0 after a success. */
  consecutiveFailures: Generated<number>;
  /** Passed over until then (5 failures in a row); null when not paused. */
  pausedUntil: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** One-second windows of a transport's sends, shared by every worker (like send_rate_windows). */
export interface TransportRateWindowsTable {
  transportId: string;
  windowStart: number;
  n: number;
}

export interface TransportTables {
  transports: TransportsTable;
  transportRateWindows: TransportRateWindowsTable;
}
