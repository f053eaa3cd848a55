/**
 * Optimization (beyond.md §9): a campaign's A/B variants, its test and the test group chosen when it
 * was sent; a campaign sent at a local time; each email's variant and the time a waiting email is due;
 * a project's time zone, send window, daily marketing cap and warm-up, and the marketing mail it handed
 * over per local day (shared by every worker, as the send-rate windows are).
 */
import type { Kysely } from 'kysely';
import type { DialectSql } from '../dialect.ts';

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  const { timestamp, json } = d.types;
  const campaigns = [
    ['variants', json],
    ['ab_test', json],
    ['ab_phase', 'text'],
    ['ab_winner', 'text'],
    ['ab_decide_at', timestamp],
    ['local_send', json],
  ] as const;
  for (const [name, type] of campaigns) await db.schema.alterTable('campaigns').addColumn(name, type).execute();

  // Chosen once when the campaign starts sending, so a restart tests the same people with the same variant.
  await db.schema
    .createTable('campaign_test_recipients')
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('contact_id', 'text', (c) => c.notNull())
    .addColumn('variant', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('campaign_test_recipients_pk', ['campaign_id', 'contact_id'])
    .execute();

  await db.schema.alterTable('emails').addColumn('variant', 'text').execute();
  await db.schema.alterTable('emails').addColumn('scheduled_at', timestamp).execute();

  await db.schema
    .alterTable('projects')
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .execute();
  await db.schema.alterTable('projects').addColumn('send_window', json).execute();
  await db.schema.alterTable('projects').addColumn('daily_marketing_cap', 'integer').execute();
  await db.schema.alterTable('projects').addColumn('warmup', json).execute();

  // Same contract as send_rate_windows (db/rate-windows.ts); window_start is the project's local day
  // as days since 1970-01-01.
  await db.schema
    .createTable('marketing_day_counts')
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('marketing_day_counts_pk', ['project_id', 'window_start'])
    .execute();
}
