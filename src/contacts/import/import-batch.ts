/**
 * Writes one batch of CSV rows set-based: one SELECT of the batch's existing contacts, one
 * multi-row upsert, one insert of new field types, one update of the stored field coverage. Typing
 * and merging happen in the process.
 */

import { setImmediate as nextTurn } from 'node:timers/promises';
import { fromJson } from '../../db/codecs.ts';
import type { DialectSql } from '../../db/dialect.ts';
import type { Executor } from '../../db/index.ts';
import type { FieldType } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import * as contacts from '../contacts.repo.ts';
import * as contactWrites from '../contacts-write.repo.ts';
import { applyDataPatch, fieldTypesOf, patchChangesNothing, toDataPatch } from '../data-rules.ts';
import { addToCoverage } from '../fields/coverage.ts';
import { addChangedContact, addNewContact, emptyCoverageChange } from '../fields/coverage-delta.ts';
import { recordFieldTypes } from '../fields/fields.service.ts';
import type { ImportRowError } from './import.repo.ts';
import type { ReadBatch } from './import-reader.ts';

export interface BatchOutcome {
  imported: number;
  updated: number;
  skipped: number;
  errors: ImportRowError[];
}

interface Target {
  isNew: boolean;
  /** The stored object as read (empty for a new contact), for the coverage change. */
  stored: Record<string, unknown>;
  data: Record<string, unknown>;
  /** Keys this batch writes (merged over the stored object in SQL). */
  set: Record<string, unknown>;
  dirty: boolean;
}

/**
 * Applies rules 3, 8 and 9 to a batch read by import-reader.ts: its refused rows are counted as
 * skipped with their errors, a row patches the contact with its
 * email (an earlier row of the file included) and a new contact is created subscribed. A row that
 * changes nothing writes nothing, which makes re-running a file a no-op.
 */
export async function writeImportBatch(
  deps: { db: Executor; dialect: DialectSql; clock: Clock },
  projectId: string,
  batch: Pick<ReadBatch, 'rows' | 'errors'>,
): Promise<BatchOutcome> {
  const { rows, errors } = batch;
  const out: BatchOutcome = { imported: 0, updated: 0, skipped: errors.length, errors };

  const existing = await contacts.findContactsByEmail(deps.db, deps.dialect, projectId, [
    ...new Set(rows.map((r) => r.email)),
  ]);
  // SQLite runs each statement synchronously: a turn of the event loop between the batch's two big
  // statements lets waiting requests in (reads use their own connections, so they do not wait).
  await nextTurn();
  const targets = new Map<string, Target>(
    existing.map((c) => {
      const stored = fromJson<Record<string, unknown>>(c.data) ?? {};
      return [c.email, { isNew: false, stored, data: stored, set: {}, dirty: false }];
    }),
  );
  const types = new Map<string, FieldType>();
  for (const { email, data } of rows) {
    let t = targets.get(email);
    if (t) out.updated++;
    else {
      t = { isNew: true, stored: {}, data: {}, set: {}, dirty: true };
      targets.set(email, t);
      out.imported++;
    }
    const patch = toDataPatch(data);
    if (patchChangesNothing(t.data, patch)) continue;
    t.data = applyDataPatch(t.data, patch);
    Object.assign(t.set, patch.set);
    t.dirty = true;
    // The batch's first value of a key proposes its type; later rows need no typing.
    for (const key in patch.set) {
      if (!types.has(key)) for (const f of fieldTypesOf({ [key]: patch.set[key] })) types.set(f.key, f.type);
    }
  }

  const now = deps.clock.now();
  const writes: contactWrites.BatchContactRow[] = [];
  const coverage = emptyCoverageChange();
  for (const [email, t] of targets) {
    if (!t.dirty) continue;
    writes.push({ id: newId(), projectId, email, subscribed: true, data: t.isNew ? t.data : t.set, at: now });
    if (t.isNew) addNewContact(coverage, t.data);
    else addChangedContact(coverage, t.stored, t.data, Object.keys(t.set));
  }
  await nextTurn();
  await contactWrites.upsertContactsMerging(deps.db, deps.dialect, writes);
  await recordFieldTypes(
    deps,
    projectId,
    [...types].map(([key, type]) => ({ key, type })),
  );
  // Counted from the contacts as read above: a write by someone else in between can make the stored
  // coverage a little off, until the next recount (coverage.ts), as any write not an import does.
  await addToCoverage(deps, projectId, coverage);
  return out;
}
