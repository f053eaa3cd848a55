/**
 * The project setting `mcpWrites` (beyond.md §11): whether the MCP server at POST /mcp lists and runs
 * its write tools (upsert_contact, send_email, track_event, create_campaign_draft). Off by default:
 * an assistant given the key reads until an owner or admin turns writes on.
 */
import type { Kysely } from 'kysely';
import type { DialectSql } from '../dialect.ts';

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('mcp_writes', d.types.bool, (c) => c.notNull().defaultTo(false))
    .execute();
}
