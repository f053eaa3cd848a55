/**
 * Column types the table shapes share (leaf of src/db's table files). Timestamps read back as ISO
 * strings on both dialects; booleans read back as 0/1 on SQLite, so mappers use the codecs in codecs.ts.
 */
import type { ColumnType, Generated, SqlBool } from 'kysely';

/** Written as Date or ISO string, read as ISO string. */
export type Timestamp = ColumnType<string, Date | string, Date | string>;
/** Written as boolean (the SQLite plugin stores 0/1), read as boolean or 0/1. */
export type Bool = ColumnType<SqlBool, boolean | undefined, boolean>;
/** JSON: written as a JSON string, read as a string (SQLite) or a parsed value (PostgreSQL). */
export type Json = ColumnType<unknown, string, string>;

export type ContactJobStatus = 'queued' | 'processing' | 'completed' | 'failed';

/** The columns of every job row (src/jobs/job-rows.ts): who owns it, where it stands, its lease and times. */
export interface JobRowColumns {
  id: string;
  projectId: string;
  status: ContactJobStatus;
  attempts: Generated<number>;
  leaseUntil: Timestamp | null;
  failureReason: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  finishedAt: Timestamp | null;
}
