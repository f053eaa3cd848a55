/**
 * Billing: a project's Stripe customer, subscription and caps (project_billing), its counted usage per
 * billing period (billing_usage, moved by conditional increments so parallel sends cannot pass a
 * cap), the Stripe event ids already handled, and the emails index that seeds a period's counts
 * without reading the rows.
 */
import type { Kysely } from 'kysely';
import type { DialectSql } from '../dialect.ts';

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  const { timestamp } = d.types;

  await db.schema
    .createTable('project_billing')
    .addColumn('project_id', 'text', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('stripe_customer_id', 'text')
    .addColumn('stripe_subscription_id', 'text')
    .addColumn('subscription_status', 'text')
    .addColumn('period_start', timestamp)
    .addColumn('period_end', timestamp)
    .addColumn('subscription_event_at', timestamp)
    .addColumn('last_invoice_id', 'text')
    .addColumn('last_invoice_status', 'text')
    .addColumn('last_invoice_at', timestamp)
    .addColumn('transactional_limit', 'integer')
    .addColumn('marketing_limit', 'integer')
    .addColumn('workflow_limit', 'integer')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  // Webhooks find the project by its Stripe customer.
  await db.schema
    .createIndex('project_billing_customer_idx')
    .on('project_billing')
    .column('stripe_customer_id')
    .execute();

  await db.schema
    .createTable('billing_usage')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('period_start', timestamp, (c) => c.notNull())
    .addColumn('period_end', timestamp, (c) => c.notNull())
    .addColumn('transactional', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('marketing', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('workflow', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('billing_usage_pk', ['project_id', 'period_start'])
    .execute();

  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text')
    .addColumn('received_at', timestamp, (c) => c.notNull())
    .execute();

  // A period's first count (billing-usage seed): emails of the project by creation time and source,
  // answered from the index alone.
  await db.schema
    .createIndex('emails_project_created_idx')
    .on('emails')
    .columns(['project_id', 'created_at', 'source_type'])
    .execute();
}
