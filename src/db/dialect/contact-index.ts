/**
 * Contact search at runtime, per database (DialectSql.contactIndex). The counters' triggers and the
 * index itself are created by migrations 0004 and 0019 (and 0004_email_trigram_lower on PostgreSQL);
 * this file only reads the index and, on SQLite, fills it.
 */
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * What keeps `GET /contacts` off a scan of the project: per-project counters kept by triggers in the
 * writing statement's transaction, and a trigram index over emails. On PostgreSQL a pg_trgm GIN index
 * over `lower(email)` kept by the database. On SQLite an FTS5 trigram table filled in batches behind a
 * watermark (a row trigger costs ~60 µs per contact, a batch ~5 µs): rows above the watermark are the
 * unindexed tail, which searches scan, and deletes or email changes of indexed rows update the table
 * by trigger. Deleting the newest contacts lowers the watermark to the newest one left, so a contact
 * that takes a deleted one's rowid waits above it like any new row (migration 0019).
 */
export interface ContactIndexSql {
  /** True when new contacts reach the search index only through `indexPending` (SQLite). */
  deferred: boolean;
  /**
   * Contacts of the project whose email contains `term` (at least 3 characters, lower-cased), as far
   * as the trigram index knows them: callers also apply the plain LIKE, which stays the truth.
   */
  indexedMatches(projectId: string, term: string): RawBuilder<SqlBool>;
  /** Contacts of the project not yet in the index, found by rowid range (false where nothing waits). */
  unindexed(projectId: string): RawBuilder<SqlBool>;
  /** Adds up to `max` waiting contacts to the index in one transaction; returns how many. */
  indexPending<DB>(db: Kysely<DB>, max: number): Promise<number>;
}

/** Search terms shorter than this cannot use a trigram index. */
export const TRIGRAM_MIN = 3;

/** `%`, `_` and the escape character are literal in a LIKE pattern built from user input. */
export function likeContaining(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const FTS_WATERMARK = `(select watermark from search_watermarks where name = 'contacts_email')`;

// The FTS table is an external-content index over contacts' rowids (VACUUM can renumber rowids of a
// table without an INTEGER PRIMARY KEY: docs/scaling.md says to run the FTS 'rebuild' after one).
export const sqliteContactIndex: ContactIndexSql = {
  deferred: true,
  // Driven from the FTS table: `+` keeps the planner off the (project_id, …) index, which would
  // otherwise walk every contact of the project and probe the match list for each.
  indexedMatches: (projectId, term) =>
    sql<SqlBool>`(contacts.rowid in (select rowid from contacts_email_fts where contacts_email_fts match ${`"${term.replaceAll('"', '""')}"`}) and +contacts.project_id = ${projectId})`,
  unindexed: (projectId) =>
    sql<SqlBool>`(+contacts.project_id = ${projectId} and contacts.rowid > ${sql.raw(FTS_WATERMARK)})`,
  async indexPending(db, max) {
    return db.transaction().execute(async (trx) => {
      const w = await sql<{ from: number; to: number | null }>`
        select s.watermark as "from", (select max(rowid) from (select rowid from contacts where rowid > s.watermark order by rowid limit ${max})) as "to"
        from search_watermarks s where s.name = 'contacts_email'`.execute(trx);
      const range = w.rows[0];
      if (!range || range.to === null) return 0;
      await sql`insert into contacts_email_fts (rowid, email)
        select rowid, email from contacts where rowid > ${range.from} and rowid <= ${range.to}`.execute(trx);
      await sql`update search_watermarks set watermark = ${range.to} where name = 'contacts_email'`.execute(trx);
      return range.to - range.from;
    });
  },
};

export const postgresContactIndex: ContactIndexSql = {
  deferred: false,
  // Emails are stored lower-cased, so lower(email) is the email itself, in the indexed form.
  indexedMatches: (projectId, term) =>
    sql<SqlBool>`(contacts.project_id = ${projectId} and lower(contacts.email) like ${likeContaining(term)} escape '\\')`,
  unindexed: () => sql<SqlBool>`false`,
  indexPending: async () => 0,
};
