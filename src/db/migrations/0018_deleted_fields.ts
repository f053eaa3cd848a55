/**
 * Deleted custom fields: one row per (project, key) that `DELETE /contacts/fields/:field` removed.
 * The contract says conditions on a deleted field no longer match anything; without a record of the
 * deletion a negated condition (`notExists`, `notEquals`, …) on a key no contact has would match
 * every contact. A key recorded again later is a field again (its contact_fields row says so).
 */
import type { Kysely } from 'kysely';
import type { DialectSql } from '../dialect.ts';

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  await db.schema
    .createTable('deleted_fields')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('deleted_at', d.types.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('deleted_fields_pk', ['project_id', 'key'])
    .execute();
}
