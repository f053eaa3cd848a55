/**
 * Image uploads: one row per stored image. The row is written only after the bytes are in place
 * (renamed into DATA_DIR/uploads or put to S3), so a row always names a complete object.
 */
import type { Kysely } from 'kysely';
import type { DialectSql } from '../dialect.ts';

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  const { timestamp } = d.types;
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('backend', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  // The project's list (keyset on id) and tenant-filtered lookups.
  await db.schema.createIndex('uploads_project_idx').on('uploads').columns(['project_id', 'id']).execute();
}
