/**
 * Authoring (beyond.md §8): templates and campaigns in HTML, MJML or a block document; a template's
 * content versions, its draft, and the version each email was sent from.
 *
 * `body` stays what sending reads: the HTML with its Liquid, compiled once at save for MJML and
 * BLOCKS. `source` keeps what the author wrote (the MJML, or the block document's JSON); null for HTML.
 * Every existing template becomes version 1 of itself, by no one known.
 */
import { type Kysely, sql } from 'kysely';
import type { DialectSql } from '../dialect.ts';

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  const { timestamp, json } = d.types;
  for (const table of ['templates', 'campaigns']) {
    await db.schema
      .alterTable(table)
      .addColumn('format', 'text', (c) => c.notNull().defaultTo('HTML'))
      .execute();
    await db.schema.alterTable(table).addColumn('source', 'text').execute();
  }
  await db.schema
    .alterTable('templates')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('templates').addColumn('draft', json).execute();

  await db.schema
    .createTable('template_versions')
    .addColumn('template_id', 'text', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('source', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    // Who saved it: a member (id and the address they had then), or the project's secret key (both null).
    .addColumn('created_by_type', 'text')
    .addColumn('created_by_user_id', 'text')
    .addColumn('created_by_email', 'text')
    .addPrimaryKeyConstraint('template_versions_pk', ['template_id', 'version'])
    .execute();
  await sql`
    insert into template_versions (template_id, version, project_id, format, subject, body, source, created_at)
    select id, 1, project_id, 'HTML', subject, body, null, updated_at from templates`.execute(db);

  await db.schema.alterTable('emails').addColumn('template_version', 'integer').execute();
}
