/** Table shapes of project safety (migration 0013), beside schema.ts, which lists them in `Database`. */
import type { Generated } from 'kysely';
import type { JobRowColumns, Timestamp } from './column-types.ts';

export type SuspensionReason = 'BOUNCE_RATE' | 'COMPLAINT_RATE';

/** One automatic suspension: the figures that caused it, and who lifted it when. */
export interface ProjectSuspensionsTable {
  id: string;
  projectId: string;
  reason: SuspensionReason;
  /** The window's counts when the check fired (rates are derived from them). */
  sent: number;
  bounced: number;
  complained: number;
  windowStart: Timestamp;
  createdAt: Timestamp;
  liftedAt: Timestamp | null;
  liftedBy: string | null;
}

/** A project wipe: a job row (src/jobs/job-rows.ts) deleting the project's data table by table, in slices. */
export interface ProjectResetsTable extends JobRowColumns {
  /** Index into the wipe plan (reset.repo.ts WIPE_PLAN) of the table being emptied. */
  step: Generated<number>;
  deleted: Generated<number>;
  requestedBy: string;
}

export interface SafetyTables {
  projectSuspensions: ProjectSuspensionsTable;
  projectResets: ProjectResetsTable;
}
