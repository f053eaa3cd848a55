/**
 * The `contact.import` job. It claims the job row (src/jobs/job-rows.ts), streams the stored file
 * (kept in the database, so any worker can run it) from the row's cursor and commits each batch
 * together with the new cursor and counts, so a run cut short by a crash or a restart resumes
 * exactly where the last commit left off, and a second run racing it stops. Batches are small and
 * the run yields the event loop between them, so an import never stalls the API of its process.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Config } from '../../config.ts';
import { fromJson } from '../../db/codecs.ts';
import type { Deps } from '../../deps.ts';
import {
  advanceJobRow,
  claimJobRow,
  finishJobRow,
  handOverJobRow,
  type JobRowPolicy,
  type Lease,
  LeaseLost,
  noteJobRowError,
} from '../../jobs/job-rows.ts';
import { PermanentJobError } from '../../jobs/types.ts';
import { contactsChanged } from '../contact-watchers.ts';
import { CsvHeaderError, type CsvRecord, readCsvRecords } from './csv-file.ts';
import { type ColumnPlan, isBlankRecord } from './csv-rules.ts';
import * as repo from './import.repo.ts';
import { queueImportRuns } from './import.service.ts';
import { writeImportBatch } from './import-batch.ts';

type ImportDeps = Pick<Deps, 'db' | 'dialect' | 'clock' | 'searchIndex' | 'config' | 'contactWatchers' | 'jobs'>;

/** Runs (first one included) before an import that keeps being interrupted is failed. */
export const MAX_IMPORT_RUNS = 5;
/** Row errors kept on the job; `skipped` still counts every one. */
export const MAX_STORED_ERRORS = 1000;

export interface ImportRunOptions {
  /** Rows per transaction; default the dialect's bulkBatchRows (a few ms of SQLite work). */
  batchSize?: number;
  /**
   * Asked after each committed batch; true ends the run early (the process stops): the row is released
   * and its job queued again, so another worker resumes from the cursor at once.
   */
  shouldStop?: () => boolean;
}

/** How import job rows are run. */
export function importPolicy(config: Pick<Config, 'jobLeaseMs'>): JobRowPolicy<'importJobs'> {
  return { table: 'importJobs', maxAttempts: MAX_IMPORT_RUNS, leaseMs: config.jobLeaseMs };
}

/** A file problem no retry can fix: csv-parse's own errors and a header that fails the checks. */
function isFileError(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return (typeof code === 'string' && code.startsWith('CSV_')) || err instanceof CsvHeaderError;
}

/** Runs (or resumes) one import; safe to run twice, and a no-op once the job has ended. */
export async function runImport(deps: ImportDeps, importId: string, opts: ImportRunOptions = {}): Promise<void> {
  const claimed = await claimJobRow(deps, importPolicy(deps.config), importId);
  if (!claimed) {
    // Ended (now, out of runs, or earlier with a crash before the file was dropped), or another run holds it.
    await repo.deleteImportFileIfEnded(deps.db, importId);
    return;
  }
  const { row: job, lease } = claimed;
  // A failure no retry can fix: the row says why, and the queue does not retry the job.
  const fail = async (reason: string) => {
    await finishJobRow(deps, lease, { status: 'failed', reason });
    await repo.deleteImportFile(deps.db, importId);
    throw new PermanentJobError(reason);
  };
  const file = await repo.findImportFile(deps.db, importId);
  if (!file) return fail('The uploaded file is no longer available; upload it again.');
  try {
    if (!(await importFile(deps, job, lease, file, opts)))
      return handOverJobRow(deps, lease, (trx) => queueImportRuns(deps, [importId], trx));
  } catch (err) {
    if (err instanceof LeaseLost) return;
    if (isFileError(err)) return fail(`The file could not be read: ${(err as Error).message}`);
    await noteJobRowError(deps, lease, err);
    throw err; // the job runner retries; the sweep re-queues a run that was lost altogether
  }
  if (!(await finishJobRow(deps, lease, { status: 'completed' }))) return;
  await repo.deleteImportFile(deps.db, importId);
  await deps.dialect.analyze(deps.db, 'contacts');
}

/** Streams the stored file from the job's cursor in batches; true when the end was reached. */
async function importFile(
  deps: ImportDeps,
  job: repo.ImportJobRow,
  lease: Lease<'importJobs'>,
  file: Buffer,
  opts: ImportRunOptions,
): Promise<boolean> {
  const size = opts.batchSize ?? deps.dialect.bulkBatchRows;
  let progress = {
    cursor: job.cursor,
    imported: job.imported,
    updated: job.updated,
    skipped: job.skipped,
    errors: fromJson<repo.ImportRowError[]>(job.errors) ?? [],
  };
  let plan: ColumnPlan | undefined;
  let batch: CsvRecord[] = [];
  let consumed = 0;

  const commit = async () => {
    await deps.db.transaction().execute(async (trx) => {
      const tx = { db: trx, dialect: deps.dialect, clock: deps.clock };
      const out =
        batch.length > 0
          ? await writeImportBatch(tx, job.projectId, plan!, batch)
          : { imported: 0, updated: 0, skipped: 0, errors: [] };
      const next = {
        cursor: progress.cursor + consumed,
        imported: progress.imported + out.imported,
        updated: progress.updated + out.updated,
        skipped: progress.skipped + out.skipped,
        errors: progress.errors.concat(out.errors).slice(0, MAX_STORED_ERRORS),
      };
      await advanceJobRow(trx, deps, lease, { ...next, errors: JSON.stringify(next.errors) });
      // The batch does not list the contacts it wrote: watchers hear that any may have changed.
      if (batch.length > 0) await contactsChanged(deps, trx, job.projectId, 'all');
      progress = next;
    });
    consumed = 0;
    batch = [];
    deps.searchIndex.poke();
    await nextTurn();
  };

  const records = readCsvRecords(file, job.delimiter, job.cursor, deps.config.importMaxColumns);
  for await (const item of records) {
    if ('plan' in item) {
      plan = item.plan;
      continue;
    }
    consumed++;
    if (!isBlankRecord(item.record)) batch.push(item);
    // Blank records (`;;`) are consumed without a row to write: commit their cursor now and then too.
    if (batch.length >= size || consumed >= size * 8) {
      await commit();
      if (opts.shouldStop?.()) return false;
    }
  }
  if (consumed > 0) await commit();
  return true;
}
