/**
 * Writes of a claim's outcome for many rows in one statement (due-rows kinds: workflow executions,
 * webhook messages): each row gets its own values, and only while its claim still holds, i.e. the
 * table's row still has the claim's status and lease token. A row whose claim was lost (its lease ran
 * out and another worker took it) is left as it is.
 */
import { sql } from 'kysely';
import type { DialectSql, RowType } from './dialect.ts';
import type { Executor } from './index.ts';

export interface ClaimedRowsWrite {
  /** The table's SQL name; it has `id`, `status` and `lease_token` columns. */
  table: string;
  /** The status a held row has (RUNNING, SENDING…). */
  held: string;
  /** The columns each row sets (SQL names), besides `id` and `token` which pick and fence it. */
  columns: Record<string, RowType>;
  rows: Array<{ id: string; token: string | null } & Record<string, unknown>>;
}

/** Writes `rows` in one statement; answers the ids written. */
export async function writeClaimedRows(db: Executor, dialect: DialectSql, w: ClaimedRowsWrite): Promise<Set<string>> {
  if (w.rows.length === 0) return new Set();
  const columns: Record<string, RowType> = { id: 'text', token: 'text', ...w.columns };
  const names = sql.join(Object.keys(columns).map((c) => sql.id(c)));
  const set = sql.join(Object.keys(w.columns).map((c) => sql`${sql.id(c)} = r.${sql.id(c)}`));
  const t = sql.id(w.table);
  const out = await sql<{ id: string }>`with r (${names}) as (${dialect.rowsSource(w.rows, columns)})
    update ${t} set ${set} from r
    where ${t}.id = r.id and ${t}.lease_token = r.token and ${t}.status = ${w.held}
    returning ${t}.id`.execute(db);
  return new Set(out.rows.map((r) => r.id));
}
