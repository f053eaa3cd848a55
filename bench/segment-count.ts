/**
 * A segment count over 1,000,000 contacts (imported the way users import them) against the service
 * started as `npm start` starts it: `data.plan equals "pro" AND data.age gt 30 AND createdAt within
 * 90 days`, counted by POST /segments/:id/refresh (the filter compiled to SQL by the service), beside a
 * hand-written SQL query for the same set run on the same database in the same run. Targets: <= 1.0 s
 * on SQLite, <= 0.5 s on PostgreSQL, and at most 1.2 times the hand-written query.
 * BENCH_CONTACTS changes the size; BENCH_DATABASE_URL=postgres://… also runs it on PostgreSQL.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { api, importCsvFiles, medianOf, onEachDatabase } from './lib.ts';
import { type Service, startService } from './service.ts';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const ROWS_PER_FILE = 80_000;
const RUNS = 5;

function csvRows(from: number, to: number): Buffer {
  const plans = ['free', 'pro', 'team', 'enterprise'];
  const lines = ['email,plan,age,city'];
  for (let i = from; i < to; i++) lines.push(`s${i}@example${i % 97}.test,${plans[i % 4]},${(i * 7) % 80},c${i % 50}`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

const FILTER = {
  operator: 'AND',
  conditions: [
    { field: 'data.plan', operator: 'equals', value: 'pro' },
    { field: 'data.age', operator: 'gt', value: 30 },
    { field: 'createdAt', operator: 'within', value: 90, unit: 'days' },
  ],
};

/** The hand-written count: what a person would type for the same set on this database. */
async function handWritten(
  svc: Service,
  env: Record<string, string>,
): Promise<{ count: () => Promise<number>; close: () => Promise<void> }> {
  const since = new Date(Date.now() - 90 * 86_400_000);
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    const count = async () => {
      const r = await client.query(
        `select count(*)::int as n from contacts where project_id = $1 and data->>'plan' = 'pro'
           and (data->>'age')::numeric > 30 and created_at >= $2`,
        [svc.projectId, since],
      );
      return r.rows[0].n as number;
    };
    return { count, close: () => client.end() };
  }
  const db = new Database(path.join(svc.dataDir, 'mailwright.db'), { readonly: true });
  const stmt = db.prepare(
    `select count(*) as n from contacts where project_id = ? and data->>'$.plan' = 'pro'
       and data->>'$.age' > 30 and created_at >= ?`,
  );
  const count = async () => (stmt.get(svc.projectId, since.toISOString()) as { n: number }).n;
  return {
    count,
    close: async () => {
      db.close();
    },
  };
}

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const svc = await startService({ LOG_LEVEL: 'warn', ...env });
  try {
    const rate = await importCsvFiles(svc, CONTACTS, ROWS_PER_FILE, csvRows);
    console.log(`${label}: imported ${CONTACTS} contacts at ${rate} rows/s`);
    const segment = await api(svc, '/segments', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Pro over 30', filters: FILTER }),
    });
    const [ours, refreshed] = await medianOf(RUNS, () =>
      api(svc, `/segments/${segment.id}/refresh`, { method: 'POST' }),
    );
    const hand = await handWritten(svc, env);
    const [theirs, count] = await medianOf(RUNS, hand.count).finally(() => hand.close());
    if (refreshed.memberCount !== count) throw new Error(`service counted ${refreshed.memberCount}, SQL ${count}`);
    console.log(
      `${label}: segment count (${count} of ${CONTACTS}) via POST /segments/:id/refresh: ${ours.toFixed(0)} ms`,
    );
    console.log(`${label}: hand-written SQL count:                           ${theirs.toFixed(0)} ms`);
    console.log(`${label}: ratio service / hand-written: ${(ours / theirs).toFixed(2)}`);
  } finally {
    await svc.stop();
  }
}

export default (): Promise<void> => onEachDatabase(benchOn);
