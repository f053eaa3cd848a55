/**
 * Table shapes of contacts, their fields, imports, bulk jobs and events (migrations 0002, 0004, 0009,
 * 0018), listed in `Database`.
 */
import type { Generated } from 'kysely';
import type { Bool, JobRowColumns, Json, Timestamp } from './column-types.ts';

export type FieldType = 'string' | 'number' | 'boolean' | 'date';

export interface ContactsTable {
  id: string;
  projectId: string;
  email: string;
  subscribed: Bool;
  data: Json;
  /** When the contact confirmed a double opt-in (migration 0024); null until then. */
  confirmedAt: Timestamp | null;
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

export interface ImportFilesTable {
  importId: string;
  content: Buffer;
}

export interface ImportJobsTable extends JobRowColumns {
  fileName: string;
  delimiter: string;
  totalRows: number;
  cursor: Generated<number>;
  imported: Generated<number>;
  updated: Generated<number>;
  skipped: Generated<number>;
  errors: Json;
}

export type BulkAction = 'subscribe' | 'unsubscribe' | 'delete' | 'deleteField';

export interface BulkJobsTable extends JobRowColumns {
  action: BulkAction;
  contactIds: Json;
  total: number;
  processed: Generated<number>;
  succeeded: Generated<number>;
  failed: Generated<number>;
  /** deleteField: the field removed (`data.<key>`); null for the other actions. */
  field: string | null;
  /** deleteField: the last contact id the slices have passed (keyset cursor). */
  cursorId: string | null;
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

/** The contact and event tables, keyed as Kysely names them. */
export interface ContactTables {
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
}
