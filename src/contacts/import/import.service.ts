/** CSV import: accepting an upload (checked whole before anything is stored) and reporting a job. */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { fromJson } from '../../db/codecs.ts';
import type { Deps } from '../../deps.ts';
import { invalid, notFound } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { inspectCsv } from './csv-file.ts';
import * as repo from './import.repo.ts';

export const IMPORT_JOB = 'contact.import';

/** Where an upload waits for its job; removed when the job ends. */
export function importFilePath(config: Pick<Config, 'dataDir'>, id: string): string {
  return path.join(config.dataDir, 'imports', `${id}.csv`);
}

/** The job key: at most one pending run per import, however often the sweep re-enqueues it. */
export function importJobKey(id: string): string {
  return `${IMPORT_JOB}:${id}`;
}

/**
 * Accepts an uploaded CSV: 422 unless it is UTF-8 CSV with a header row naming `email`; then stores
 * it under DATA_DIR and queues the job in the same transaction as the job row.
 */
export async function startImport(
  deps: Pick<Deps, 'db' | 'jobs' | 'clock' | 'config'>,
  projectId: string,
  upload: { fileName: string; buffer: Buffer },
): Promise<{ jobId: string; status: 'queued' }> {
  const checked = await inspectCsv(upload.buffer);
  if (!checked.ok) throw invalid('file', checked.message, 'INVALID_CSV');
  const id = newId();
  const file = importFilePath(deps.config, id);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, upload.buffer);
  try {
    await deps.db.transaction().execute(async (trx) => {
      const row = { id, projectId, fileName: upload.fileName.slice(0, 255), delimiter: checked.delimiter };
      await repo.insertImportJob(trx, { ...row, totalRows: checked.totalRows, now: deps.clock.now() });
      await deps.jobs.enqueue(IMPORT_JOB, { importId: id }, { trx, jobKey: importJobKey(id) });
    });
  } catch (err) {
    await rm(file, { force: true });
    throw err;
  }
  return { jobId: id, status: 'queued' };
}

export interface ImportView {
  jobId: string;
  status: repo.ImportJobRow['status'];
  fileName: string;
  totalRows: number;
  processed: number;
  imported: number;
  updated: number;
  skipped: number;
  errors: repo.ImportRowError[];
  failureReason: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

/** The API shape of an import job; `processed` counts rows done so far (progress is processed / totalRows). */
export function toImportView(row: repo.ImportJobRow): ImportView {
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
    errors: fromJson<repo.ImportRowError[]>(row.errors) ?? [],
    failureReason: row.status === 'failed' ? row.failureReason : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    finishedAt: row.finishedAt,
  };
}

/** One import job of the project; 404 IMPORT_JOB_NOT_FOUND otherwise. */
export async function getImport(deps: Pick<Deps, 'db'>, projectId: string, id: string): Promise<ImportView> {
  const row = await repo.findImportJob(deps.db, projectId, id);
  if (!row) throw notFound('IMPORT_JOB');
  return toImportView(row);
}
