/**
 * The `suppression.import` job, as the contact import runs (src/contacts/import/import.jobs.ts): it
 * claims the job row, streams the stored file (kept in the database, so any worker can run it) from
 * the row's cursor, and commits each batch of rules together with the new cursor and counts, so a run
 * cut short by a crash or a restart resumes exactly where the last commit left off and a second run
 * racing it stops. A refused line is an error of its own; the others are imported.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fromJson } from '../../db/codecs.ts';
import type { Deps } from '../../deps.ts';
import { defineJobRowKind, JobRowFailure, type StepContext } from '../../jobs/job-row-kind.ts';
import { advanceJobRow, type Lease } from '../../jobs/job-rows.ts';
import type { RuleTarget } from '../rules.ts';
import { newRules, writeRules } from '../suppressions.service.ts';
import * as repo from './import.repo.ts';
import { type LineBatch, readRuleLines } from './import-file.ts';

type ImportDeps = Pick<Deps, 'db' | 'dialect' | 'clock' | 'config' | 'jobs' | 'log' | 'suppressionRules'>;

/** Runs (first one included) before an import that keeps being interrupted is failed. */
export const MAX_IMPORT_RUNS = 5;
/** Line errors kept on the row. */
export const MAX_STORED_ERRORS = 1000;

/** csv-parse's own errors: the file no retry can fix. */
const isFileError = (err: unknown) => String((err as { code?: unknown })?.code ?? '').startsWith('CSV_');

export const suppressionImportKind = defineJobRowKind({
  table: 'suppressionImports',
  job: 'suppression.import',
  idField: 'importId',
  maxAttempts: MAX_IMPORT_RUNS,
  async step(deps: ImportDeps, row, lease, ctx) {
    const file = await repo.findImportFile(deps.db, row.id);
    if (!file) throw new JobRowFailure('The uploaded file is no longer available; upload it again.');
    try {
      return await importFile(deps, row, lease, file, ctx);
    } catch (err) {
      if (isFileError(err)) throw new JobRowFailure(`The file could not be read: ${(err as Error).message}`);
      throw err;
    }
  },
  ended: (deps, id) => repo.deleteImportFileIfEnded(deps.db, id, true),
  // Ended (now, out of runs, or earlier with a crash before the file was dropped), or another run holds it.
  unclaimed: (deps, id) => repo.deleteImportFileIfEnded(deps.db, id),
});

/** The feature's job-row kinds: the composition root registers their tasks and their sweep. */
export const suppressionKinds = [suppressionImportKind];

/** Runs (or resumes) one import; `shouldStop` is asked after each committed batch. */
export function runSuppressionImport(deps: ImportDeps, id: string, ctx?: Partial<StepContext>): Promise<void> {
  return suppressionImportKind.run(deps, id, ctx);
}

/** The batch's targets, each once (one statement must not write a target twice), and its refused lines. */
function split(batch: LineBatch): { targets: RuleTarget[]; errors: repo.LineError[] } {
  const seen = new Set<string>();
  const targets: RuleTarget[] = [];
  const errors: repo.LineError[] = [];
  for (const l of batch.lines) {
    if ('error' in l) {
      errors.push({ line: l.line, message: l.error });
      continue;
    }
    const key = 'address' in l.target ? `a:${l.target.address}` : `d:${l.target.domain}`;
    if (!seen.has(key)) targets.push(l.target);
    seen.add(key);
  }
  return { targets, errors };
}

/** Streams the stored file from the row's cursor, a committed batch at a time; true when the end was reached. */
async function importFile(
  deps: ImportDeps,
  job: repo.ImportRow,
  lease: Lease<'suppressionImports'>,
  file: Buffer,
  ctx: StepContext,
): Promise<boolean> {
  const note = `Imported from ${job.fileName}`.slice(0, 500);
  let progress = {
    cursor: job.cursor,
    processed: job.processed,
    added: job.added,
    errors: fromJson<repo.LineError[]>(job.errors) ?? [],
  };
  const size = ctx.batchSize ?? deps.dialect.bulkBatchRows;
  for await (const batch of readRuleLines(file, job.cursor, size)) {
    const { targets, errors } = split(batch);
    await deps.db.transaction().execute(async (trx) => {
      const now = deps.clock.now();
      const rules = newRules(targets, { reason: 'MANUAL', note, expiresAt: null });
      const written = await writeRules(deps, trx, job.projectId, rules, now);
      const next = {
        cursor: progress.cursor + batch.consumed,
        processed: progress.processed + batch.lines.length,
        added: progress.added + written.length,
        errors: progress.errors.concat(errors).slice(0, MAX_STORED_ERRORS),
      };
      await advanceJobRow(trx, deps, lease, { ...next, errors: JSON.stringify(next.errors) });
      progress = next;
    });
    await nextTurn();
    if (ctx.shouldStop()) return false;
  }
  return true;
}
