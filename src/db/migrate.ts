/** Runs the schema migrations in order; safe to call from several processes at once (Kysely locks). */
import { type Kysely, type Migration, Migrator } from 'kysely';
import type pg from 'pg';
import type { DialectSql } from './dialect.ts';
import * as m0001 from './migrations/0001_foundation.ts';
import * as m0002 from './migrations/0002_contacts.ts';
import * as m0003 from './migrations/0003_domains.ts';
import * as m0004 from './migrations/0004_contacts_scale.ts';
import * as m0004b from './migrations/0004_email_trigram_lower.ts';
import * as m0005 from './migrations/0005_job_leases.ts';
import * as m0006 from './migrations/0006_sending.ts';
import * as m0007bounces from './migrations/0007_bounces.ts';
import * as m0008 from './migrations/0008_segments_campaigns.ts';
import * as m0009events from './migrations/0009_event_counts.ts';
import * as m0010workflows from './migrations/0010_workflows.ts';
import * as m0011auth from './migrations/0011_auth.ts';
import * as m0012invites from './migrations/0012_invites.ts';
import * as m0013safety from './migrations/0013_project_safety.ts';
import * as m0014billing from './migrations/0014_billing.ts';
import * as m0015uploads from './migrations/0015_uploads.ts';
import * as m0016analytics from './migrations/0016_activity_analytics.ts';
import * as m0017shards from './migrations/0017_counter_shards.ts';
import * as m0018deleted from './migrations/0018_deleted_fields.ts';
import * as m0019rowids from './migrations/0019_search_index_reused_rowids.ts';
import * as m0020tokens from './migrations/0020_email_lease_tokens.ts';
import * as m0021webhooks from './migrations/0021_webhooks.ts';
import * as m0022attempts from './migrations/0022_email_attempts.ts';
import * as m0023logIndexes from './migrations/0023_email_log_indexes.ts';
import * as m0024consent from './migrations/0024_consent.ts';
import * as m0025submission from './migrations/0025_smtp_submission.ts';
import * as m0026transports from './migrations/0026_transports.ts';
import * as m0027indexDiet from './migrations/0027_email_index_diet.ts';
import * as m0028authoring from './migrations/0028_authoring.ts';
import * as m0029optimization from './migrations/0029_optimization.ts';
import * as m0030auditLog from './migrations/0030_audit_log.ts';
import * as m0031suppressionRules from './migrations/0031_suppression_rules.ts';
import * as m0032webVersion from './migrations/0032_web_version.ts';
import * as m0033mcpWrites from './migrations/0033_mcp_writes.ts';
import * as m0034userLanguage from './migrations/0034_user_language.ts';

type Step = { up(db: Kysely<unknown>, d: DialectSql): Promise<void> };

// Append new migrations here; names sort in application order.
const steps: Record<string, Step> = {
  '0001_foundation': m0001,
  '0002_contacts': m0002,
  '0003_domains': m0003,
  '0004_contacts_scale': m0004,
  '0004_email_trigram_lower': m0004b,
  '0005_job_leases': m0005,
  '0006_sending': m0006,
  '0007_bounces': m0007bounces,
  '0008_segments_campaigns': m0008,
  '0009_event_counts': m0009events,
  '0010_workflows': m0010workflows,
  '0013_project_safety': m0013safety,
  '0014_billing': m0014billing,
  '0015_uploads': m0015uploads,
  '0011_auth': m0011auth,
  '0012_invites': m0012invites,
  '0016_activity_analytics': m0016analytics,
  '0017_counter_shards': m0017shards,
  '0018_deleted_fields': m0018deleted,
  '0019_search_index_reused_rowids': m0019rowids,
  '0020_email_lease_tokens': m0020tokens,
  '0021_webhooks': m0021webhooks,
  '0022_email_attempts': m0022attempts,
  '0023_email_log_indexes': m0023logIndexes,
  '0024_consent': m0024consent,
  '0025_smtp_submission': m0025submission,
  '0026_transports': m0026transports,
  '0027_email_index_diet': m0027indexDiet,
  '0028_authoring': m0028authoring,
  '0029_optimization': m0029optimization,
  '0030_audit_log': m0030auditLog,
  '0031_suppression_rules': m0031suppressionRules,
  '0032_web_version': m0032webVersion,
  '0033_mcp_writes': m0033mcpWrites,
  '0034_user_language': m0034userLanguage,
};

/** Applies every pending migration; throws with the failing migration's name on error. */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works below the typed schema.
export async function migrateToLatest(db: Kysely<any>, dialect: DialectSql): Promise<string[]> {
  const migrations: Record<string, Migration> = {};
  for (const [name, step] of Object.entries(steps)) migrations[name] = { up: (x) => step.up(x, dialect) };
  // The migrator must see raw snake_case identifiers, so it gets a plugin-free instance.
  // Unordered: features land in parallel, so a lower-numbered migration may arrive after a higher one.
  const migrator = new Migrator({
    db: db.withoutPlugins(),
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

// Any constant shared by every Mailwright process; "mailwrig" in ASCII.
const MIGRATION_LOCK_KEY = 0x6d61696c77726967n;

/**
 * Runs `fn` holding a PostgreSQL advisory lock, so processes starting together on one database
 * migrate one after another (both our migrations and Graphile Worker's, whose schema changes would
 * otherwise break another process's catalog reads mid-flight). SQLite needs none: one process.
 */
export async function withMigrationLock<T>(pgPool: pg.Pool | undefined, fn: () => Promise<T>): Promise<T> {
  if (!pgPool) return fn();
  const client = await pgPool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      return await fn();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    }
  } finally {
    client.release();
  }
}
