/** SQL for custom field types and the project-wide field queries (coverage, values, removal). */
import { sql } from 'kysely';
import type { DialectSql } from '../../db/dialect.ts';
import type { Executor } from '../../db/index.ts';
import type { FieldType } from '../../db/schema.ts';

/** Records types for keys that have none yet; a key's first type wins (rule 8), so conflicts change nothing. */
export async function insertFieldTypes(
  db: Executor,
  projectId: string,
  types: { key: string; type: FieldType }[],
  now: Date,
): Promise<void> {
  // Batches keep each statement under SQLite's 32,766 bound variables (4 a row) however large
  // MAX_CUSTOM_FIELDS is set; the caller's transaction keeps them all-or-nothing.
  for (let i = 0; i < types.length; i += FIELD_TYPE_BATCH) {
    await db
      .insertInto('contactFields')
      .values(
        types.slice(i, i + FIELD_TYPE_BATCH).map((t) => ({ projectId, key: t.key, type: t.type, createdAt: now })),
      )
      .onConflict((oc) => oc.columns(['projectId', 'key']).doNothing())
      .execute();
  }
}

const FIELD_TYPE_BATCH = 1000;

/** The project's recorded field types, by key. */
export async function listFieldTypes(db: Executor, projectId: string) {
  return db
    .selectFrom('contactFields')
    .select(['key', 'type'])
    .where('projectId', '=', projectId)
    .orderBy('key')
    .execute();
}

/** The recorded key itself and any nested key under it (`profile` covers `profile.tier`). */
export async function findFieldTypes(db: Executor, projectId: string, key: string) {
  return db
    .selectFrom('contactFields')
    .select(['key', 'type'])
    .where('projectId', '=', projectId)
    .where((eb) =>
      eb.or([eb('key', '=', key), eb(eb.fn('substr', ['key', eb.val(1), eb.val(key.length + 1)]), '=', `${key}.`)]),
    )
    .execute();
}

/** Which contacts a coverage count looks at: the newest `newest`, or the id range (afterId, upToId]. */
export type CoverageRange = { newest: number } | { afterId?: string; upToId: string };

/**
 * Counts, in one pass over the contacts of `range`, all of them and those having each path set
 * (present and not null). The counting happens in SQL; nothing is loaded into the process.
 */
export async function countFieldCoverage(
  db: Executor,
  dialect: DialectSql,
  projectId: string,
  paths: string[][],
  range?: CoverageRange,
): Promise<{ total: number; counts: number[] }> {
  const slice = db
    .selectFrom('contacts')
    .select('data')
    .where('projectId', '=', projectId)
    .$if(range !== undefined && 'newest' in range, (q) =>
      q.orderBy('id', 'desc').limit((range as { newest: number }).newest),
    )
    .$if(range !== undefined && 'upToId' in range, (q) => {
      const r = range as { afterId?: string; upToId: string };
      return q.where('id', '<=', r.upToId).$if(r.afterId !== undefined, (x) => x.where('id', '>', r.afterId!));
    });
  const row = await db
    .selectFrom(slice.as('contacts'))
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      ...paths.map((p, i) =>
        eb.fn.sum<number>(sql`case when ${dialect.json.has('contacts.data', p)} then 1 else 0 end`).as(`f${i}`),
      ),
    ])
    .executeTakeFirstOrThrow();
  const values = row as Record<string, unknown>;
  return { total: Number(values.total), counts: paths.map((_, i) => Number(values[`f${i}`] ?? 0)) };
}

/** The id `size` contacts after `afterId` (or the project's last one when fewer remain); undefined at the end. */
export async function findSliceEnd(
  db: Executor,
  projectId: string,
  afterId: string | undefined,
  size: number,
): Promise<string | undefined> {
  const ids = db
    .selectFrom('contacts')
    .select('id')
    .where('projectId', '=', projectId)
    .$if(afterId !== undefined, (q) => q.where('id', '>', afterId!))
    .orderBy('id')
    .limit(size);
  const row = await db
    .selectFrom(ids.as('s'))
    .select((eb) => eb.fn.max('s.id').as('last'))
    .executeTakeFirst();
  return (row?.last as string | null) ?? undefined;
}

/** The stored exact coverage of a large project, or undefined. */
export async function findFieldCoverage(db: Executor, projectId: string) {
  return db.selectFrom('fieldCoverage').selectAll().where('projectId', '=', projectId).executeTakeFirst();
}

/** Stores (replaces) the exact coverage of a project. */
export async function upsertFieldCoverage(
  db: Executor,
  row: { projectId: string; total: number; counts: Record<string, number>; computedAt: Date },
): Promise<void> {
  const values = { ...row, counts: JSON.stringify(row.counts) };
  await db
    .insertInto('fieldCoverage')
    .values(values)
    .onConflict((oc) =>
      oc.column('projectId').doUpdateSet({ total: row.total, counts: values.counts, computedAt: row.computedAt }),
    )
    .execute();
}

/**
 * Adds a write's changes to the stored coverage of a project (contacts added, and per key the
 * contacts that gained or lost it), in the statement, so concurrent writers each add theirs. A
 * project without stored coverage is left without.
 */
export async function addToFieldCoverage(
  db: Executor,
  dialect: DialectSql,
  projectId: string,
  change: { total: number; counts: Record<string, number> },
): Promise<void> {
  await db
    .updateTable('fieldCoverage')
    .set((eb) => ({
      total: sql`${eb.ref('total')} + ${change.total}`,
      counts: dialect.json.addCounts('field_coverage.counts', change.counts),
    }))
    .where('projectId', '=', projectId)
    .execute();
}

/**
 * Distinct values at `path` (as JSON text) among the newest `sample` contacts of the project, most
 * frequent first; fetches `limit + 1` to tell if more exist. The sample bounds the work at any size.
 */
export async function listDistinctValues(
  db: Executor,
  dialect: DialectSql,
  projectId: string,
  path: string[],
  opts: { limit: number; sample: number },
): Promise<{ value: string; n: number }[]> {
  const newest = db
    .selectFrom('contacts')
    .select('data')
    .where('projectId', '=', projectId)
    .orderBy('id', 'desc')
    .limit(opts.sample);
  const inner = db
    .selectFrom(newest.as('contacts'))
    .select(dialect.json.extract('contacts.data', path).as('value'))
    .where(dialect.json.has('contacts.data', path));
  const rows = await db
    .selectFrom(inner.as('v'))
    .select((eb) => ['v.value', eb.fn.countAll<number>().as('n')])
    .groupBy('v.value')
    .orderBy('n', 'desc')
    .orderBy('v.value')
    .limit(opts.limit + 1)
    .execute();
  return rows.map((r) => ({ value: String(r.value), n: Number(r.n) }));
}

/** Up to `limit` contact ids of the project after `afterId`, in id order (a keyset slice). */
export async function listContactIdsAfter(
  db: Executor,
  projectId: string,
  afterId: string | undefined,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('contacts')
    .select('id')
    .where('projectId', '=', projectId)
    .$if(afterId !== undefined, (q) => q.where('id', '>', afterId!))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Removes the key at `path` from the project's contacts with ids in (afterId, upToId] that have it;
 * returns how many changed. Once some write has set the key again since the deletion (`writtenBy`;
 * the key is then recorded anew), only contacts last written before it lose the key: a value written
 * since may be that new one. A contact written in the very millisecond of `writtenBy` keeps it then:
 * losing a value written then would be worse than keeping one.
 * `updatedAt` is left alone: it must keep telling of writes to the contact, or a second deletion
 * queued behind this one would take this removal for such a write and skip the contact.
 */
export async function removeFieldFromSlice(
  db: Executor,
  dialect: DialectSql,
  projectId: string,
  path: string[],
  range: { afterId?: string; upToId: string },
  writtenBy: Date | string,
): Promise<number> {
  const r = await db
    .updateTable('contacts')
    .set({ data: dialect.json.remove('contacts.data', path) })
    .where('projectId', '=', projectId)
    .$if(range.afterId !== undefined, (q) => q.where('id', '>', range.afterId!))
    .where('id', '<=', range.upToId)
    .where((eb) => {
      const since = new Date(writtenBy).toISOString();
      const key = path.join('.');
      // Recorded again since the deletion: some write after it set the key (or a key under it).
      const setAgain = eb.exists(
        eb
          .selectFrom('contactFields')
          .select(eb.lit(1).as('one'))
          .where('contactFields.projectId', '=', projectId)
          .where('contactFields.createdAt', '>=', since)
          .where((f) =>
            f.or([
              f('contactFields.key', '=', key),
              f(sql`substr(contact_fields.key, 1, ${key.length + 1})`, '=', `${key}.`),
            ]),
          ),
      );
      return eb.or([eb('contacts.updatedAt', '<', since), eb.not(setAgain)]);
    })
    .where(dialect.json.has('contacts.data', path))
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Remembers that `key` (and every key under it) was deleted at `at`; a repeat deletion moves the time. */
export async function upsertDeletedField(db: Executor, projectId: string, key: string, at: Date): Promise<void> {
  await db
    .insertInto('deletedFields')
    .values({ projectId, key, deletedAt: at })
    .onConflict((oc) => oc.columns(['projectId', 'key']).doUpdateSet({ deletedAt: at }))
    .execute();
}

/** The keys the project has deleted (some may have been recorded again since). */
export async function listDeletedFieldKeys(db: Executor, projectId: string): Promise<string[]> {
  const rows = await db.selectFrom('deletedFields').select('key').where('projectId', '=', projectId).execute();
  return rows.map((r) => r.key);
}

/** Forgets the type of `key` and of every key nested under it. */
export async function deleteFieldTypes(db: Executor, projectId: string, keys: string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const r = await db
    .deleteFrom('contactFields')
    .where('projectId', '=', projectId)
    .where('key', 'in', keys)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
