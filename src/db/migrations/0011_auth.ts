/**
 * Accounts: server-side sessions (the cookie's JWT names one; revoking the row ends it everywhere),
 * single-use account tokens (email verification, password reset) stored only as their SHA-256, and
 * OAuth identities linked to users by the provider's account id.
 */
import type { Kysely } from 'kysely';
import type { DialectSql } from '../dialect.ts';

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  const { timestamp } = d.types;

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('revoked_at', timestamp)
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').columns(['user_id', 'revoked_at']).execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('auth_tokens')
    // SHA-256 (hex) of the token; the token itself exists only in the mail.
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('used_at', timestamp)
    .execute();
  await db.schema.createIndex('auth_tokens_user_idx').on('auth_tokens').columns(['user_id', 'purpose']).execute();
  await db.schema.createIndex('auth_tokens_expires_idx').on('auth_tokens').column('expires_at').execute();

  await db.schema
    .createTable('oauth_accounts')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_account_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('oauth_accounts_pk', ['provider', 'provider_account_id'])
    .execute();
  await db.schema.createIndex('oauth_accounts_user_idx').on('oauth_accounts').column('user_id').execute();
}
