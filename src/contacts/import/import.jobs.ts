/**
 * The `contact.import` job. It re-reads the job row, streams the stored file (kept in the database, so
 * any worker can run it) from the row's cursor and
 * commits each batch together with the new cursor and counts, so a run cut short by a crash or a
 * restart resumes exactly where the last commit left off, and a second run racing it stops.
 */
import { fromJson } from '../../db/codecs.ts';
import type { Deps } from '../../deps.ts';
import { CsvHeaderError, type CsvRecord, readCsvRecords } from './csv-file.ts';
import { type ColumnPlan, isBlankRecord } from './csv-rules.ts';
import * as repo from './import.repo.ts';
import { writeImportBatch } from './import-batch.ts';

type ImportDeps = Pick<Deps, 'db' | 'dialect' | 'clock' | 'searchIndex'>;

/** Rows per transaction: 7 bound values per row keeps the upsert far below SQLite's 32766. */
export const IMPORT_BATCH_ROWS = 2000;
/** Runs (first one included) before an import that keeps being interrupted is failed. */
export const MAX_IMPORT_RUNS = 5;
/** Row errors kept on the job; `skipped` still counts every one. */
export const MAX_STORED_ERRORS = 1000;

export interface ImportRunOptions {
  batchSize?: number;
  /** Asked after each batch; true ends the run early with the job left to resume (shutdown, tests). */
  shouldStop?: () => boolean;
}

/** Another run moved the job on: this run's batch rolls back and the run ends quietly. */
class LostRace extends Error {}

/** A file problem no retry can fix. */
function isPermanent(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return (typeof code === 'string' && code.startsWith('CSV_')) || err instanceof CsvHeaderError;
}

/** Runs (or resumes) one import; safe to run twice, and a no-op once the job has ended. */
export async function runImport(deps: ImportDeps, importId: string, opts: ImportRunOptions = {}): Promise<void> {
  const job = await repo.claimImportJob(deps.db, importId, deps.clock.now());
  if (!job) {
    // Ended already; a crash may have come between the final update and dropping the file.
    await repo.deleteImportFile(deps.db, importId);
    return;
  }
  const fail = async (reason: string) => {
    await repo.finishImportJob(deps.db, importId, { status: 'failed', reason }, deps.clock.now());
    await repo.deleteImportFile(deps.db, importId);
  };
  if (job.attempts > MAX_IMPORT_RUNS) {
    return fail(
      `Stopped after ${MAX_IMPORT_RUNS} interrupted runs${job.failureReason ? `: ${job.failureReason}` : ''}`,
    );
  }
  const file = await repo.findImportFile(deps.db, importId);
  if (!file) return fail('The uploaded file is no longer available; upload it again.');
  try {
    if (!(await importFile(deps, job, file, opts))) return;
  } catch (err) {
    if (err instanceof LostRace) return;
    if (isPermanent(err)) return fail(`The file could not be read: ${(err as Error).message}`);
    await repo.noteImportError(deps.db, importId, (err as Error)?.message ?? String(err), deps.clock.now());
    throw err; // the job runner retries; the sweep re-queues a run that was lost altogether
  }
  await repo.finishImportJob(deps.db, importId, { status: 'completed' }, deps.clock.now());
  await repo.deleteImportFile(deps.db, importId);
  await deps.dialect.analyze(deps.db, 'contacts');
}

/** Streams the stored file from the job's cursor in batches; true when the end was reached. */
async function importFile(
  deps: ImportDeps,
  job: repo.ImportJobRow,
  file: Buffer,
  opts: ImportRunOptions,
): Promise<boolean> {
  const size = opts.batchSize ?? IMPORT_BATCH_ROWS;
  let cursor = job.cursor;
  let errors = fromJson<repo.ImportRowError[]>(job.errors) ?? [];
  let plan: ColumnPlan | undefined;
  let batch: CsvRecord[] = [];
  let consumed = 0;

  const commit = async () => {
    const next = cursor + consumed;
    await deps.db.transaction().execute(async (trx) => {
      const tx = { db: trx, dialect: deps.dialect, clock: deps.clock };
      const out =
        batch.length > 0
          ? await writeImportBatch(tx, job.projectId, plan!, batch)
          : { imported: 0, updated: 0, skipped: 0, errors: [] };
      const kept = errors.concat(out.errors).slice(0, MAX_STORED_ERRORS);
      const moved = await repo.advanceImportJob(
        trx,
        job.id,
        cursor,
        { ...out, cursor: next, errors: kept },
        deps.clock.now(),
      );
      if (!moved) throw new LostRace();
      errors = kept;
    });
    cursor = next;
    consumed = 0;
    batch = [];
    deps.searchIndex.poke();
  };

  for await (const item of readCsvRecords(file, job.delimiter, job.cursor)) {
    if ('plan' in item) {
      plan = item.plan;
      continue;
    }
    consumed++;
    if (!isBlankRecord(item.record)) batch.push(item);
    if (batch.length >= size) {
      await commit();
      if (opts.shouldStop?.()) return false;
    }
  }
  if (consumed > 0) await commit();
  return true;
}
