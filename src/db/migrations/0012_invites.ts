/**
 * Team invitations: one row per invite, token stored only as its SHA-256. A partial unique index
 * keeps one pending (unaccepted) invite per project and email, so a re-invite is one upsert that
 * replaces the earlier one and two concurrent invites cannot leave two live links.
 */
import { type Kysely, sql } from 'kysely';
import type { DialectSql } from '../dialect.ts';

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  const { timestamp } = d.types;

  await db.schema
    .createTable('invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('accepted_at', timestamp)
    .addColumn('accepted_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('invites_pending_email_uq')
    .on('invites')
    .columns(['project_id', 'email'])
    .unique()
    .where(sql.ref('accepted_at'), 'is', null)
    .execute();
  await db.schema.createIndex('invites_project_idx').on('invites').columns(['project_id', 'id']).execute();
}
