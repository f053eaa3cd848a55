/**
 * 10,000 executions (BENCH_EXECUTIONS) of a 4-step workflow — CONDITION on contact data, UPDATE_CONTACT,
 * DELAY 0, SEND_EMAIL — in the service started as `npm start` starts it (API, engine and delivery in
 * one process, capture transport). The contacts are imported first; the workflow runs on a schedule
 * (every minute), so its fan-out starts one execution per contact at the next minute, in batches,
 * and the engine alone sets the pace. Reports executions/s from the first execution until every one
 * has COMPLETED, the time until every email reached the capture outbox, and the process's peak resident memory.
 * SQLite by default; BENCH_DATABASE_URL=postgres://… also runs it on a fresh database of that server.
 */
import { performance } from 'node:perf_hooks';
import { api, importCsvFiles, onEachDatabase, rssNow, rssSampler } from './lib.ts';
import { type Service, startService } from './service.ts';

const EXECUTIONS = Number(process.env.BENCH_EXECUTIONS ?? 10_000);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 600) * 1000;
const json = { 'content-type': 'application/json' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function csvRows(from: number, to: number): Buffer {
  const lines = ['email,plan'];
  for (let i = from; i < to; i++) lines.push(`x${i}@example.test,${i % 2 ? 'pro' : 'free'}`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function fourStepWorkflow(svc: Service): Promise<string> {
  const call = (path: string, method: string, body: object) =>
    api(svc, path, { method, headers: json, body: JSON.stringify(body) }) as Promise<Record<string, unknown>>;
  const template = await call('/templates', 'POST', {
    name: 'Go',
    type: 'TRANSACTIONAL',
    from: 'flow@example.test',
    subject: 'Hello {{ email }}',
    body: '<p>Your plan: {{ plan }}, tier {{ tier }}.</p>',
  });
  const wf = (await call('/workflows', 'POST', { name: 'Four steps', eventName: 'unused' })) as {
    id: string;
    steps: { id: string }[];
  };
  const step = async (type: string, config: object) =>
    ((await call(`/workflows/${wf.id}/steps`, 'POST', { type, config })) as { id: string }).id;
  const cond = await step('CONDITION', { field: 'data.plan', operator: 'equals', value: 'pro' });
  const update = await step('UPDATE_CONTACT', { updates: { tier: 'checked' } });
  const delay = await step('DELAY', { amount: 0, unit: 'minutes' });
  const send = await step('SEND_EMAIL', { templateId: template.id });
  const edge = (fromStepId: string, toStepId: string, branch?: string) =>
    call(`/workflows/${wf.id}/transitions`, 'POST', { fromStepId, toStepId, ...(branch ? { branch } : {}) });
  await edge(wf.steps[0]!.id, cond);
  await edge(cond, update, 'yes');
  await edge(cond, update, 'no');
  await edge(update, delay);
  await edge(delay, send);
  await call(`/workflows/${wf.id}`, 'PATCH', {
    enabled: true,
    triggerType: 'SCHEDULE',
    triggerConfig: { schedule: '* * * * *' },
  });
  return wf.id;
}

/** Executions of the workflow (of `status`), as counted by the list (exact up to 10,000). */
async function count(svc: Service, workflowId: string, status?: string): Promise<number> {
  const q = status ? `&status=${status}` : '';
  return ((await api(svc, `/workflows/${workflowId}/executions?limit=1${q}`)) as { total: number }).total;
}

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const svc = await startService({ LOG_LEVEL: 'warn', SEND_RATE_PER_SECOND: '100000', ...env });
  try {
    await importCsvFiles(svc, EXECUTIONS, 50_000, csvRows);
    const workflowId = await fourStepWorkflow(svc);
    const idle = await rssNow(svc);
    const rss = rssSampler(svc);
    // The fan-out starts at the next minute (the schedule tick is minutely).
    const waitUntil = performance.now() + 120_000;
    while ((await count(svc, workflowId)) === 0 && performance.now() < waitUntil) await sleep(25);
    const t0 = performance.now();
    let done = 0;
    while (performance.now() - t0 < TIMEOUT_MS) {
      done = await count(svc, workflowId, 'COMPLETED');
      if (done >= EXECUTIONS) break;
      await sleep(100);
    }
    const elapsed = performance.now() - t0;
    // Delivery drains the outbox behind the engine: wait for every email to reach the capture.
    const outbox = async () => ((await api(svc, '/outbox?limit=1')) as { total: number }).total;
    let captured = await outbox();
    while (captured < EXECUTIONS && performance.now() - t0 < TIMEOUT_MS) {
      await sleep(100);
      captured = await outbox();
    }
    const delivered = performance.now() - t0;
    const peak = await rss.stop();
    console.log(`${label}: ${EXECUTIONS} executions of CONDITION → UPDATE_CONTACT → DELAY 0 → SEND_EMAIL, one process`);
    console.log(`${label}:   all completed ${(elapsed / 1000).toFixed(1)} s after the first execution started`);
    console.log(`${label}:   executions/s             ${Math.round(done / (elapsed / 1000))} (${done} completed)`);
    console.log(
      `${label}:   emails captured          ${captured}, the last ${(delivered / 1000).toFixed(1)} s after the start`,
    );
    console.log(`${label}:   peak RSS of the service  ${peak} MB (${idle} MB before the fan-out)`);
  } finally {
    await svc.stop();
  }
}

export default (): Promise<void> => onEachDatabase(benchOn);
