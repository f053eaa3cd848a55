/**
 * Field deletion, run as a bulk job: the field leaves the registry at once (fields.service.ts), and
 * this removes the key from the project's contacts in keyset slices by id, each slice one short
 * transaction that also advances the job row's cursor, yielding the event loop between slices. Only
 * contacts not written since the deletion lose the key: a contact written after it (the key set
 * again, say) keeps what that write left.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Deps } from '../../deps.ts';
import { JobRowFailure, type StepContext } from '../../jobs/job-row-kind.ts';
import { advanceJobRow, type Lease } from '../../jobs/job-rows.ts';
import type { BulkJobRow } from '../bulk/bulk.repo.ts';
import { parseFieldName } from './field-names.ts';
import * as repo from './fields.repo.ts';

/** Contacts per slice: a few milliseconds of SQLite work, so requests never wait long behind it. */
export const FIELD_DELETE_SLICE = 500;

/**
 * Works through the project's contacts from the row's cursor to the end; safe to resume. False when
 * it stopped early because the process is stopping.
 */
export async function deleteFieldSlices(
  deps: Pick<Deps, 'db' | 'dialect' | 'clock'>,
  job: BulkJobRow,
  lease: Lease<'bulkJobs'>,
  ctx: StepContext,
): Promise<boolean> {
  const slice = ctx.batchSize ?? FIELD_DELETE_SLICE;
  const parsed = parseFieldName(job.field ?? '');
  if (!parsed.ok || parsed.ref.kind !== 'custom') throw new JobRowFailure(`not a custom field: ${job.field}`);
  const { path } = parsed.ref;
  let { cursorId, processed, succeeded } = job;
  for (;;) {
    const more = await deps.db.transaction().execute(async (trx) => {
      const ids = await repo.listContactIdsAfter(trx, job.projectId, cursorId ?? undefined, slice);
      if (ids.length === 0) return false;
      const range = { afterId: cursorId ?? undefined, upToId: ids.at(-1)! };
      const removed = await repo.removeFieldFromSlice(trx, deps.dialect, job.projectId, path, range, job.createdAt);
      const next = { cursorId: range.upToId, processed: processed + ids.length, succeeded: succeeded + removed };
      await advanceJobRow(trx, deps, lease, next);
      ({ cursorId, processed, succeeded } = next);
      return ids.length === slice;
    });
    if (!more) return true;
    await nextTurn();
    if (ctx.shouldStop()) return false;
  }
}
