/** PostgreSQL's side of DialectSql. */
import { type SqlBool, sql } from 'kysely';
import { claimRowsWith, renewRowsWith } from './claim.ts';
import { postgresContactIndex } from './contact-index.ts';
import { postgresFilters } from './filters.ts';
import { postgresJson } from './json.ts';
import type { DialectSql } from './types.ts';

/** A fresh DialectSql for PostgreSQL. */
export function postgresDialect(): DialectSql {
  return {
    kind: 'postgres',
    types: { json: 'jsonb', timestamp: 'timestamptz', bool: 'boolean', binary: 'bytea' },
    json: postgresJson,
    filters: postgresFilters,
    // 23505: unique_violation.
    isUniqueViolation: (err) => (err as { code?: unknown })?.code === '23505',
    // SQLSTATE class 23: integrity constraint violation.
    isConstraintViolation: (err) => String((err as { code?: unknown })?.code ?? '').startsWith('23'),
    contactIndex: postgresContactIndex,
    toDriver: (value) => value,
    analyze: async (db, table) => {
      await sql`analyze ${sql.table(table)}`.execute(db);
    },
    rowsSource: (rows, columns) => {
      const types = {
        text: 'text',
        integer: 'integer',
        boolean: 'boolean',
        json: 'jsonb',
        timestamp: 'timestamptz',
        textArray: 'text[]',
      };
      const defs = Object.entries(columns).map(([c, t]) => sql`${sql.id(c)} ${sql.raw(types[t])}`);
      return sql`select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${sql.join(defs)})`;
    },
    inList: (column, values) => sql<SqlBool>`(${sql.ref(column)} = any(${values}::text[]))`,
    utcBucket: (expr, interval) =>
      sql.raw<string>(
        `to_char((${expr}) at time zone 'UTC', '${interval === 'hour' ? 'YYYY-MM-DD"T"HH24' : 'YYYY-MM-DD'}')`,
      ),
    emailDomain: (column) => sql<string>`substr(${sql.ref(column)}, strpos(${sql.ref(column)}, '@') + 1)`,
    // A setting of this transaction only: no other session ever sees it.
    auditPruneDoor: { open: sql`SET LOCAL mailwright.audit_prune = 'on'` },
    groupedUpserts: true,
    rowLocks: true,
    claimRows: (db, spec) => claimRowsWith(db, spec, true),
    renewRows: (db, spec) => renewRowsWith(db, spec, true),
    bulkBatchRows: 4000,
    syncStatements: false,
  };
}
