/**
 * SQL of suppression imports and their stored files. The row is the truth; its state changes (claim,
 * progress, end) go through src/jobs/job-rows.ts.
 */
import type { Selectable } from 'kysely';
import { toJson } from '../../db/codecs.ts';
import type { Executor } from '../../db/index.ts';
import { findProjectRow } from '../../db/project-rows.ts';
import type { SuppressionImportsTable } from '../../db/schema.ts';

export type ImportRow = Selectable<SuppressionImportsTable>;

export interface LineError {
  line: number;
  message: string;
}

/** Inserts a queued import of a checked file. */
export async function insertImport(
  db: Executor,
  row: { id: string; projectId: string; fileName: string; total: number; now: Date },
): Promise<void> {
  const { now, ...rest } = row;
  await db
    .insertInto('suppressionImports')
    .values({ ...rest, status: 'queued', errors: toJson([]), createdAt: now, updatedAt: now })
    .execute();
}

/** One import of the project, or undefined. */
export function findImport(db: Executor, projectId: string, id: string): Promise<ImportRow | undefined> {
  return findProjectRow(db, 'suppressionImports', projectId, id);
}

/** Stores an upload for its import (same transaction as the row). */
export async function insertImportFile(db: Executor, importId: string, content: Buffer): Promise<void> {
  await db.insertInto('suppressionImportFiles').values({ importId, content }).execute();
}

/** The stored upload of an import, or undefined once the import has ended and dropped it. */
export async function findImportFile(db: Executor, importId: string): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('suppressionImportFiles')
    .select('content')
    .where('importId', '=', importId)
    .executeTakeFirst();
  return row ? Buffer.from(row.content) : undefined;
}

/** Drops the stored upload if its import has ended (a crash may have come between the end and the drop). */
export async function deleteImportFileIfEnded(db: Executor, importId: string, always = false): Promise<void> {
  await db
    .deleteFrom('suppressionImportFiles')
    .where('importId', '=', importId)
    .$if(!always, (q) =>
      q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('suppressionImports')
            .select('suppressionImports.id')
            .where('suppressionImports.id', '=', importId)
            .where('suppressionImports.status', 'in', ['completed', 'failed']),
        ),
      ),
    )
    .execute();
}
