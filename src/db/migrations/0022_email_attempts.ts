/**
 * The email log (beyond.md §5): every delivery attempt of an outbox row, written with the row's
 * outcome (SENT, a retry, FAILED or BOUNCED), so the log shows what each relay said and when.
 */
import type { Kysely } from 'kysely';
import type { DialectSql } from '../dialect.ts';

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  const { timestamp } = d.types;
  await db.schema
    .createTable('email_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email_id', 'text', (c) => c.notNull().references('emails.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('at', timestamp, (c) => c.notNull())
    .addColumn('transport', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('smtp_code', 'integer')
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_attempts_email_idx').on('email_attempts').columns(['email_id', 'id']).execute();
}
