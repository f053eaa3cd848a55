/**
 * Leases for the job rows (import and bulk jobs, the embedded `jobs` queue): a run holds its row
 * until `lease_until`, renewing it as it goes; a sweep takes back rows whose lease ran out, so a dead
 * or hung worker's work is found again without asking whether its process is alive. Bulk jobs also
 * get what a field deletion needs: the field and a keyset cursor over contact ids.
 */
import type { Kysely } from 'kysely';
import type { DialectSql } from '../dialect.ts';

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  const { timestamp } = d.types;
  for (const table of ['import_jobs', 'bulk_jobs', 'jobs']) {
    await db.schema.alterTable(table).addColumn('lease_until', timestamp).execute();
  }
  // A field deletion: the field (`data.<key>`) and the last contact id its slices have passed.
  await db.schema.alterTable('bulk_jobs').addColumn('field', 'text').execute();
  await db.schema.alterTable('bulk_jobs').addColumn('cursor_id', 'text').execute();
}
