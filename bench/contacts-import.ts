/**
 * CSV import throughput: a generated ~5 MB file (~60k rows, 8 columns) uploaded through the real
 * route and imported by the real job, into an empty project, then again unchanged (every row matches
 * a contact and writes nothing), then again with every row changed (every row an UPDATE).
 * Target: >= 30,000 rows/s on SQLite. SQLite by default; BENCH_DATABASE_URL=postgres://… runs it on a
 * fresh database of that server as well.
 */
import { createProject } from '../src/projects/projects.service.ts';
import { multipartBody } from '../test/e2e/contacts-helpers.ts';
import { type BenchApp, onEachDatabase, startBenchApp } from './lib.ts';

const MAX_BYTES = 5 * 1024 * 1024;

/** Rows of realistic width until just under 5 MB; `variant` changes every row's score. */
export function generateCsv(variant = 0, maxBytes = MAX_BYTES): { csv: Buffer; rows: number } {
  const lines = ['email,first_name,last_name,company,plan,score,vip,signed_up'];
  const plans = ['free', 'pro', 'team', 'enterprise'];
  let size = lines[0]!.length + 1;
  for (let i = 0; ; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const line =
      `user${i}@example${i % 97}.test,First${i},Last${i},Company ${i % 1000},${plans[i % 4]},` +
      `${(i * 7 + variant) % 1000},${i % 3 === 0 ? 'yes' : 'no'},2025-${String((i % 12) + 1).padStart(2, '0')}-${day}`;
    if (size + line.length + 1 > maxBytes) break;
    lines.push(line);
    size += line.length + 1;
  }
  return { csv: Buffer.from(`${lines.join('\n')}\n`), rows: lines.length - 1 };
}

/** Uploads and imports one file; prints its figures unless `label` is undefined (a warm-up). */
async function importOnce(b: BenchApp, csv: Buffer, rows: number, label: string | undefined): Promise<void> {
  const { payload, headers } = multipartBody(csv);
  const t0 = performance.now();
  const res = await b.app.inject({
    method: 'POST',
    url: '/contacts/import',
    headers: { ...headers, authorization: `Bearer ${b.secretKey}` },
    payload,
  });
  if (res.statusCode !== 202) throw new Error(`upload refused: ${res.statusCode} ${res.body}`);
  const t1 = performance.now();
  await b.deps.jobs.drain();
  const t2 = performance.now();
  const job = (
    await b.app.inject({
      url: `/contacts/import/${res.json().jobId}`,
      headers: { authorization: `Bearer ${b.secretKey}` },
    })
  ).json();
  if (job.status !== 'completed' || job.processed !== rows)
    throw new Error(`import did not complete: ${JSON.stringify(job)}`);
  const total = (t2 - t0) / 1000;
  if (label === undefined) return;
  console.log(
    `${label.padEnd(34)} ${String(Math.round(rows / total)).padStart(7)} rows/s end to end ` +
      `(upload check ${Math.round(t1 - t0)} ms, job ${Math.round(t2 - t1)} ms = ${Math.round(rows / ((t2 - t1) / 1000))} rows/s; ` +
      `imported ${job.imported}, updated ${job.updated})`,
  );
}

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const first = generateCsv(0);
  const changed = generateCsv(1);
  console.log(`${label}: ${first.rows} rows, ${first.csv.length} bytes, 8 columns`);
  const b = await startBenchApp({ LOG_LEVEL: 'warn', ...env });
  try {
    // Warm-up, not measured: a small file into another project, so the JIT has compiled the hot path.
    const owner = await b.deps.db
      .selectFrom('memberships')
      .select('userId')
      .where('projectId', '=', b.projectId)
      .executeTakeFirstOrThrow();
    const warm = await createProject(b.deps, owner.userId, 'warm-up');
    const small = generateCsv(0, 200_000);
    await importOnce({ ...b, secretKey: warm.secretKey }, small.csv, small.rows, undefined);
    await importOnce(b, first.csv, first.rows, `${label} into an empty project`);
    await importOnce(b, first.csv, first.rows, `${label} same file again (no-op)`);
    await importOnce(b, changed.csv, first.rows, `${label} every row changed (updates)`);
  } finally {
    await b.close();
  }
}

export default (): Promise<void> => onEachDatabase(benchOn);
