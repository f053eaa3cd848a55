/** CSV import: accepting an upload (checked whole before anything is stored) and reporting a job. */
import { fromJson } from '../../db/codecs.ts';
import type { Deps } from '../../deps.ts';
import { invalid, notFound } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { inspectCsv } from './csv-file.ts';
import { importKind } from './import.jobs.ts';
import * as repo from './import.repo.ts';
import type { ImportJobView, QueuedJob } from './import.schemas.ts';

/**
 * Accepts an uploaded CSV: 422 unless it is UTF-8 CSV with a header row naming `email`; then stores
 * the file, the job row and the queued job in one transaction (all or nothing).
 */
export async function startImport(
  deps: Pick<Deps, 'db' | 'jobs' | 'clock' | 'config'>,
  projectId: string,
  upload: { fileName: string; buffer: Buffer },
): Promise<QueuedJob> {
  const checked = await inspectCsv(upload.buffer, deps.config.importMaxColumns);
  if (!checked.ok) throw invalid('file', checked.message, 'INVALID_CSV');
  const id = newId();
  await deps.db.transaction().execute(async (trx) => {
    const row = { id, projectId, fileName: upload.fileName.slice(0, 255), delimiter: checked.delimiter };
    await repo.insertImportJob(trx, { ...row, totalRows: checked.totalRows, now: deps.clock.now() });
    await repo.insertImportFile(trx, id, upload.buffer);
    await importKind.queue(deps, [id], trx);
  });
  return { jobId: id, status: 'queued' };
}

/** The API shape of an import job; `processed` counts rows done so far (progress is processed / totalRows). */
export function toImportView(row: repo.ImportJobRow): ImportJobView {
  const processed = row.imported + row.updated + row.skipped;
  return {
    jobId: row.id,
    status: row.status,
    fileName: row.fileName,
    totalRows: row.totalRows,
    processed,
    imported: row.imported,
    updated: row.updated,
    skipped: row.skipped,
    errors: fromJson<ImportJobView['errors']>(row.errors) ?? [],
    failureReason: row.status === 'failed' ? row.failureReason : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    finishedAt: row.finishedAt,
  };
}

/** One import job of the project; 404 IMPORT_JOB_NOT_FOUND otherwise. */
export async function getImport(deps: Pick<Deps, 'db'>, projectId: string, id: string): Promise<ImportJobView> {
  const row = await repo.findImportJob(deps.db, projectId, id);
  if (!row) throw notFound('IMPORT_JOB');
  return toImportView(row);
}
