/**
 * The `contact.import` job. It claims the job row (src/jobs/job-rows.ts), streams the stored file
 * (kept in the database, so any worker can run it) from the row's cursor and commits each batch
 * together with the new cursor and counts, so a run cut short by a crash or a restart resumes
 * exactly where the last commit left off, and a second run racing it stops. Batches are small and
 * the run yields the event loop between them, so an import never stalls the API of its process.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fromJson } from '../../db/codecs.ts';
import type { Deps } from '../../deps.ts';
import { defineJobRowKind, JobRowFailure, type StepContext } from '../../jobs/job-row-kind.ts';
import { advanceJobRow, type Lease } from '../../jobs/job-rows.ts';
import { contactsChanged } from '../contact-watchers.ts';
import { storeCoverageBeforeBulkWrite } from '../fields/coverage.ts';
import { CsvHeaderError } from './csv-file.ts';
import * as repo from './import.repo.ts';
import { writeImportBatch } from './import-batch.ts';
import { type ReadBatch, readImportFile } from './import-reader.ts';

type ImportDeps = Pick<
  Deps,
  'db' | 'reader' | 'dialect' | 'clock' | 'searchIndex' | 'config' | 'contactWatchers' | 'jobs' | 'log'
>;

/** Runs (first one included) before an import that keeps being interrupted is failed. */
export const MAX_IMPORT_RUNS = 5;
/** Row errors kept on the job; `skipped` still counts every one. */
export const MAX_STORED_ERRORS = 1000;

/** A file problem no retry can fix: csv-parse's own errors and a header that fails the checks. */
function isFileError(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return (typeof code === 'string' && code.startsWith('CSV_')) || err instanceof CsvHeaderError;
}

/** CSV imports: the stored file is streamed from the row's cursor, a committed batch at a time. */
export const importKind = defineJobRowKind({
  table: 'importJobs',
  job: 'contact.import',
  idField: 'importId',
  maxAttempts: MAX_IMPORT_RUNS,
  async step(deps: ImportDeps, job, lease, ctx) {
    const file = await repo.findImportFile(deps.db, job.id);
    if (!file) throw new JobRowFailure('The uploaded file is no longer available; upload it again.');
    try {
      return await importFile(deps, job, lease, file, ctx);
    } catch (err) {
      if (isFileError(err)) throw new JobRowFailure(`The file could not be read: ${(err as Error).message}`);
      throw err;
    }
  },
  async ended(deps, id, outcome) {
    await repo.deleteImportFile(deps.db, id);
    if (outcome.status === 'completed') await deps.dialect.analyze(deps.db, 'contacts');
  },
  // Ended (now, out of runs, or earlier with a crash before the file was dropped), or another run holds it.
  unclaimed: (deps, id) => repo.deleteImportFileIfEnded(deps.db, id),
});

export const importPolicy = importKind.policy;

/** Runs (or resumes) one import; `shouldStop` is asked after each committed batch. */
export function runImport(deps: ImportDeps, importId: string, ctx?: Partial<StepContext>): Promise<void> {
  return importKind.run(deps, importId, ctx);
}

/** Streams the stored file from the job's cursor in batches; true when the end was reached. */
async function importFile(
  deps: ImportDeps,
  job: repo.ImportJobRow,
  lease: Lease<'importJobs'>,
  file: Buffer,
  ctx: StepContext,
): Promise<boolean> {
  // Rows per transaction: the dialect's bulkBatchRows (a few ms of SQLite work).
  const size = ctx.batchSize ?? deps.dialect.bulkBatchRows;
  let progress = {
    cursor: job.cursor,
    imported: job.imported,
    updated: job.updated,
    skipped: job.skipped,
    errors: fromJson<repo.ImportRowError[]>(job.errors) ?? [],
  };

  const commit = async (batch: ReadBatch) => {
    await deps.db.transaction().execute(async (trx) => {
      const tx = { db: trx, dialect: deps.dialect, clock: deps.clock };
      const out =
        batch.records > 0
          ? await writeImportBatch(tx, job.projectId, batch)
          : { imported: 0, updated: 0, skipped: 0, errors: [] };
      const next = {
        cursor: progress.cursor + batch.consumed,
        imported: progress.imported + out.imported,
        updated: progress.updated + out.updated,
        skipped: progress.skipped + out.skipped,
        errors: progress.errors.concat(out.errors).slice(0, MAX_STORED_ERRORS),
      };
      await advanceJobRow(trx, deps, lease, { ...next, errors: JSON.stringify(next.errors) });
      // The batch does not list the contacts it wrote: watchers hear that any may have changed.
      if (batch.records > 0) await contactsChanged(deps, trx, job.projectId, 'all');
      progress = next;
    });
    deps.searchIndex.poke();
    await nextTurn();
  };

  await storeCoverageBeforeBulkWrite(deps, job.projectId);
  // The next batches are parsed while this one is written.
  const opts = {
    delimiter: job.delimiter,
    skip: job.cursor,
    maxColumns: deps.config.importMaxColumns,
    size,
    syncStatements: deps.dialect.syncStatements,
  };
  const batches = readImportFile(file, opts);
  for await (const batch of batches) {
    await commit(batch);
    if (ctx.shouldStop()) return false;
  }
  return true;
}
