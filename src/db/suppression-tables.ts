/**
 * Table shapes of suppression rules and their CSV imports (migrations 0006, 0031), beside schema.ts,
 * which lists them in `Database`.
 */
import type { Generated } from 'kysely';
import type { JobRowColumns, Json, Timestamp } from './column-types.ts';

/** Why a rule exists: a hard bounce, a complaint, or a person's decision (beyond.md §10). */
export type SuppressionReason = 'BOUNCE' | 'COMPLAINT' | 'MANUAL';

/** One rule: exactly one of `email` (an address) and `domain` (every address at it) is set, lower-cased. */
export interface SuppressionsTable {
  id: string;
  projectId: string;
  email: string | null;
  domain: string | null;
  reason: SuppressionReason;
  note: string | null;
  /** The email whose bounce or complaint added the rule. */
  emailId: string | null;
  /** From then on the rule holds no mail; null: never. */
  expiresAt: Timestamp | null;
  createdAt: Timestamp;
}

/** A CSV import of rules: a job row (src/jobs/job-rows.ts) with its progress. */
export interface SuppressionImportsTable extends JobRowColumns {
  fileName: string;
  /** Non-blank lines of the file. */
  total: number;
  /** Records consumed from the file: where a resumed run picks up. */
  cursor: Generated<number>;
  processed: Generated<number>;
  added: Generated<number>;
  /** JSON array of `{ line, message }`, the first 1000. */
  errors: Json;
}

export interface SuppressionImportFilesTable {
  importId: string;
  content: Buffer;
}

export interface SuppressionTables {
  suppressions: SuppressionsTable;
  suppressionImports: SuppressionImportsTable;
  suppressionImportFiles: SuppressionImportFilesTable;
}
