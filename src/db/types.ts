/** The database types every repo names (re-exported by index.ts); a file of its own so the db internals import them without a circle. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
/** Either the database or an open transaction: what repos accept. */
export type Executor = Db | Trx;
