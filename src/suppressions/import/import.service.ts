/** Suppression imports: accepting an upload (checked whole before anything is stored) and reporting one. */
import { fromJson } from '../../db/codecs.ts';
import type { Deps } from '../../deps.ts';
import { invalid, notFound } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SuppressionImport } from '../suppressions.schemas.ts';
import { suppressionImportKind } from './import.jobs.ts';
import * as repo from './import.repo.ts';
import { inspectRulesFile } from './import-file.ts';

const STATUS = { queued: 'PENDING', processing: 'RUNNING', completed: 'DONE', failed: 'FAILED' } as const;

/** The API view of an import; a FAILED one says why as an error of line 0 (after the lines'). */
export function toImportView(row: repo.ImportRow): SuppressionImport {
  const errors = fromJson<repo.LineError[]>(row.errors) ?? [];
  return {
    id: row.id,
    status: STATUS[row.status],
    total: Number(row.total),
    processed: Number(row.processed),
    added: Number(row.added),
    errors:
      row.status === 'failed' ? [...errors, { line: 0, message: row.failureReason ?? 'The import failed.' }] : errors,
  };
}

/**
 * Accepts an uploaded file: 422 naming `file` unless it is UTF-8 CSV of one address or `*@domain` a
 * line; then stores the file, the import row and its queued job in one transaction (all or nothing).
 */
export async function startSuppressionImport(
  deps: Pick<Deps, 'db' | 'jobs' | 'clock'>,
  projectId: string,
  upload: { fileName: string; buffer: Buffer },
): Promise<SuppressionImport> {
  const checked = await inspectRulesFile(upload.buffer);
  if (!checked.ok) throw invalid('file', checked.message, 'INVALID_CSV');
  const id = newId();
  const row = { id, projectId, fileName: upload.fileName.slice(0, 255), total: checked.total };
  await deps.db.transaction().execute(async (trx) => {
    await repo.insertImport(trx, { ...row, now: deps.clock.now() });
    await repo.insertImportFile(trx, id, upload.buffer);
    await suppressionImportKind.queue(deps, [id], trx);
  });
  return { id, status: 'PENDING', total: checked.total, processed: 0, added: 0, errors: [] };
}

/** One import of the project; 404 SUPPRESSION_IMPORT_NOT_FOUND otherwise. */
export async function getSuppressionImport(
  deps: Pick<Deps, 'db'>,
  projectId: string,
  id: string,
): Promise<SuppressionImport> {
  const row = await repo.findImport(deps.db, projectId, id);
  if (!row) throw notFound('SUPPRESSION_IMPORT');
  return toImportView(row);
}
