/** SQL of a local-time send's plan: an audience's contacts counted by the zone their data names. */
import { type Expression, type SqlBool, sql } from 'kysely';
import type { DialectSql } from '../db/dialect.ts';
import type { Executor } from '../db/index.ts';

/**
 * How many of the audience (`where`, over `contacts`) have each `data.timezone` value, as JSON text
 * (null where none): one grouped statement, a few hundred groups for any audience size.
 */
export async function countByTimezone(
  db: Executor,
  dialect: DialectSql,
  projectId: string,
  where: Expression<SqlBool>,
): Promise<{ zone: string | null; n: number }[]> {
  const zone = dialect.json.extract('contacts.data', ['timezone']);
  const rows = await db
    .selectFrom('contacts')
    .select([zone.as('zone'), (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('contacts.projectId', '=', projectId)
    .where(where)
    // By position: the path is a bound parameter, and PostgreSQL does not see two bindings as one expression.
    .groupBy(sql`1`)
    .execute();
  return rows.map((r) => ({ zone: r.zone, n: Number(r.n) }));
}
