/**
 * GET /analytics/timeseries over 90 days of a project with 1,000,000 emails, against the service
 * started as `npm start` starts it and called from this process over HTTP. The emails are seeded with
 * one set-based INSERT straight into the database (the triggers of migration 0016 fill the hourly
 * counters as they would for rows the delivery worker stamps), spread evenly over the 90 days: all
 * sent, 90 % delivered, 30 % opened, 4 % clicked, 2 % bounced. The answer's totals are checked
 * against a count of the email rows. Targets: <= 300 ms on PostgreSQL, <= 1 s on SQLite (median of
 * RUNS calls after a warm-up). BENCH_EMAILS changes the size; BENCH_DATABASE_URL=postgres://… also
 * runs it on PostgreSQL (BENCH_ONLY=postgres: only there).
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { api, medianOf, onEachDatabase } from './lib.ts';
import { type Service, startService } from './service.ts';

const EMAILS = Number(process.env.BENCH_EMAILS ?? 1_000_000);
const DAYS = 90;
const RUNS = 7;
const TARGET_MS: Record<string, number> = { sqlite: 1000, postgres: 300 };

// Row i is sent at start + i * step; the other times follow it by fixed offsets.
const columns = `id, project_id, source_type, email_type, status, priority, to_email, from_email, subject, html, text,
  headers, has_attachments, message_id, attempts, next_attempt_at, sent_at, delivered_at, opened_at, open_count,
  clicked_at, click_count, bounced_at, created_at, updated_at`;

/** Seeds the emails on SQLite through the service's own data file (WAL: the service keeps serving). */
function seedSqlite(svc: Service, startSec: number, stepSec: number): void {
  const db = new Database(path.join(svc.dataDir, 'mailwright.db'));
  db.pragma('busy_timeout = 60000');
  const at = (offset: string) =>
    `strftime('%Y-%m-%dT%H:%M:%fZ', ${startSec} + i * ${stepSec} + ${offset}, 'unixepoch')`;
  db.prepare(
    `with recursive n(i) as (select 0 union all select i + 1 from n where i < ${EMAILS - 1})
     insert into emails (${columns})
     select printf('bench-%09d', i), ?, 'TRANSACTIONAL', 'TRANSACTIONAL',
            case when i % 50 = 0 then 'BOUNCED' else 'SENT' end, 0,
            printf('r%d@example.test', i), 'news@bench.test', 'Hello', '<p>Hi</p>', 'Hi', '{}', 0,
            printf('bench-%09d@bench.test', i), 1, ${at('0')}, ${at('0')},
            case when i % 10 <> 0 and i % 50 <> 0 then ${at('60')} end,
            case when i % 10 in (1, 2, 3) then ${at('600')} end, case when i % 10 in (1, 2, 3) then 1 else 0 end,
            case when i % 25 = 1 then ${at('900')} end, case when i % 25 = 1 then 1 else 0 end,
            case when i % 50 = 0 then ${at('30')} end, ${at('0')}, ${at('0')}
       from n`,
  ).run(svc.projectId);
  db.close();
}

async function seedPostgres(url: string, projectId: string, startSec: number, stepSec: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const at = (offset: number) => `to_timestamp(${startSec} + i * ${stepSec} + ${offset})`;
    await client.query(
      `insert into emails (${columns})
       select 'bench-' || lpad(i::text, 9, '0'), $1, 'TRANSACTIONAL', 'TRANSACTIONAL',
              case when i % 50 = 0 then 'BOUNCED' else 'SENT' end, 0,
              'r' || i || '@example.test', 'news@bench.test', 'Hello', '<p>Hi</p>', 'Hi', '{}', false,
              'bench-' || i || '@bench.test', 1, ${at(0)}, ${at(0)},
              case when i % 10 <> 0 and i % 50 <> 0 then ${at(60)} end,
              case when i % 10 in (1, 2, 3) then ${at(600)} end, case when i % 10 in (1, 2, 3) then 1 else 0 end,
              case when i % 25 = 1 then ${at(900)} end, case when i % 25 = 1 then 1 else 0 end,
              case when i % 50 = 0 then ${at(30)} end, ${at(0)}, ${at(0)}
         from generate_series(0, ${EMAILS - 1}) as i`,
      [projectId],
    );
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

/** What the rows say, for checking the answer: the same shares as the seed. */
function expectedTotals() {
  let sent = 0;
  let delivered = 0;
  let opened = 0;
  let clicked = 0;
  let bounced = 0;
  for (let i = 0; i < EMAILS; i++) {
    sent++;
    const open = i % 10 >= 1 && i % 10 <= 3;
    const click = i % 25 === 1;
    if ((i % 10 !== 0 && i % 50 !== 0) || open || click) delivered++;
    if (open) opened++;
    if (click) clicked++;
    if (i % 50 === 0) bounced++;
  }
  return { sent, delivered, opened, clicked, bounced, complained: 0 };
}

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const svc = await startService({ LOG_LEVEL: 'warn', ...env });
  try {
    // The 90 days end an hour before now, so every seeded email lies inside the measured range.
    const end = Math.floor(Date.now() / 1000) - 3600;
    const startSec = end - DAYS * 86_400;
    const stepSec = (DAYS * 86_400) / EMAILS;
    const t0 = performance.now();
    if (env.DATABASE_URL) await seedPostgres(env.DATABASE_URL, svc.projectId, startSec, stepSec);
    else seedSqlite(svc, startSec, stepSec);
    console.log(
      `${label}: seeded ${EMAILS} emails over ${DAYS} days in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const from = new Date((startSec - 86_400) * 1000).toISOString();
    const to = new Date(Date.now()).toISOString();
    const want = expectedTotals();
    for (const [name, query] of [
      ['day, UTC', `interval=day&from=${from}&to=${to}`],
      ['day, America/New_York', `interval=day&from=${from}&to=${to}&timezone=America/New_York`],
      [
        'hour, last 31 days',
        `interval=hour&from=${new Date(Date.now() - 31 * 86_400_000 + 60_000).toISOString()}&to=${to}`,
      ],
    ] as const) {
      const [ms, body] = await medianOf(RUNS, () => api(svc, `/analytics/timeseries?${query}`));
      const buckets = (body.data as unknown[]).length;
      if (name !== 'hour, last 31 days' && JSON.stringify(body.totals) !== JSON.stringify(want)) {
        throw new Error(`totals ${JSON.stringify(body.totals)}, rows say ${JSON.stringify(want)}`);
      }
      const verdict = name.startsWith('day') ? (ms <= TARGET_MS[label]! ? 'within' : 'OVER') : 'info';
      console.log(
        `${label}: GET /analytics/timeseries (${name}, ${buckets} buckets): ${ms.toFixed(1)} ms median [${verdict} target ${TARGET_MS[label]} ms]`,
      );
    }
  } finally {
    await svc.stop();
  }
}

export default (): Promise<void> => onEachDatabase(benchOn);
