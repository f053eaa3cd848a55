/** Delivery feedback finds an email by our Message-ID (bounce reports quote it): index it. */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('emails_message_id_idx').on('emails').column('message_id').execute();
}
