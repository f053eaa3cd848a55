/**
 * The audit log (beyond.md §10): one row per change to how a project is set up. Append-only in the
 * database itself, whatever code runs against it: a trigger refuses every UPDATE, and every DELETE
 * but the retention prune's. No foreign key to projects: a deleted project's log outlives it until
 * the prune.
 *
 * The one UPDATE allowed seals an entry: an entry is first written inside the transaction of the
 * change it records (db/first-write.ts), before the change's outcome is known, unsealed; the request
 * then seals it once with the fields that changed (and the id of a resource it created). Nothing
 * else of it can change, and a sealed entry cannot change at all. A process killed in between leaves
 * an unsealed entry: who did what, when, without the field-by-field changes.
 *
 * How the prune gets through: on PostgreSQL it sets `mailwright.audit_prune` for its own transaction
 * (SET LOCAL), which no other session sees; on SQLite it opens `audit_prune_gate` in its transaction
 * and closes it before committing (the one writer connection means no other write sees it open).
 */
import { type Kysely, sql } from 'kysely';
import type { DialectSql } from '../dialect.ts';

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  const { timestamp, json, bool } = d.types;
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('at', timestamp, (c) => c.notNull())
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_email', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('resource_type', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text')
    .addColumn('changes', json)
    // Written in the change's transaction, then sealed once with what changed (see the top).
    .addColumn('sealed', bool, (c) => c.notNull().defaultTo(d.kind === 'postgres' ? sql`true` : sql`1`))
    .execute();
  // The list is newest first by id (UUIDv7) within a project; the filters narrow it from there.
  await db.schema.createIndex('audit_log_project_idx').on('audit_log').columns(['project_id', 'id']).execute();
  await db.schema
    .createIndex('audit_log_resource_idx')
    .on('audit_log')
    .columns(['project_id', 'resource_type', 'resource_id', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_log_actor_idx')
    .on('audit_log')
    .columns(['project_id', 'actor_id', 'id'])
    .execute();
  // The prune deletes by time across projects.
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at']).execute();

  if (d.kind === 'postgres') {
    await sql`
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' AND current_setting('mailwright.audit_prune', true) = 'on' THEN
          RETURN OLD;
        END IF;
        IF TG_OP = 'UPDATE' AND NOT OLD.sealed AND NEW.sealed AND OLD.changes IS NULL
          AND NEW.id = OLD.id AND NEW.project_id = OLD.project_id AND NEW.at = OLD.at
          AND NEW.actor_type = OLD.actor_type AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id
          AND NEW.actor_email IS NOT DISTINCT FROM OLD.actor_email AND NEW.ip IS NOT DISTINCT FROM OLD.ip
          AND NEW.user_agent IS NOT DISTINCT FROM OLD.user_agent AND NEW.action = OLD.action
          AND NEW.resource_type = OLD.resource_type
          AND (OLD.resource_id IS NULL OR NEW.resource_id = OLD.resource_id) THEN
          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END;
      $$`.execute(db);
    await sql`
      CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(db);
    // TRUNCATE skips row triggers: refuse it too.
    await sql`
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`.execute(db);
    return;
  }
  await sql`CREATE TABLE audit_prune_gate (open INTEGER NOT NULL)`.execute(db);
  await sql`INSERT INTO audit_prune_gate (open) VALUES (0)`.execute(db);
  await sql`
    CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
    WHEN NOT (OLD.sealed = 0 AND NEW.sealed = 1 AND OLD.changes IS NULL
      AND NEW.id = OLD.id AND NEW.project_id = OLD.project_id AND NEW.at = OLD.at
      AND NEW.actor_type = OLD.actor_type AND NEW.actor_id IS OLD.actor_id
      AND NEW.actor_email IS OLD.actor_email AND NEW.ip IS OLD.ip
      AND NEW.user_agent IS OLD.user_agent AND NEW.action = OLD.action
      AND NEW.resource_type = OLD.resource_type
      AND (OLD.resource_id IS NULL OR NEW.resource_id = OLD.resource_id))
    BEGIN SELECT RAISE(ABORT, 'audit_log is append-only: UPDATE refused'); END`.execute(db);
  await sql`
    CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
    WHEN (SELECT open FROM audit_prune_gate) = 0
    BEGIN SELECT RAISE(ABORT, 'audit_log is append-only: DELETE refused'); END`.execute(db);
  // The gate itself is never deleted (no row would read as NULL: closed, but keep it plain).
  await sql`
    CREATE TRIGGER audit_prune_gate_kept BEFORE DELETE ON audit_prune_gate
    BEGIN SELECT RAISE(ABORT, 'audit_prune_gate is kept'); END`.execute(db);
}
