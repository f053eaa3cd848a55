/**
 * POST /v1/track with one enabled workflow that every tracked event starts (TRIGGER → DELAY 1 day),
 * beside a bare Fastify hello-world measured in the same run. Each request tracks a new contact, so
 * each writes a contact, an event and an execution row in one transaction; the engine takes each
 * execution to its DELAY in the background, in the same process. Targets: >= 0.10 of hello-world on
 * SQLite, >= 0.07 on PostgreSQL. Afterwards the executions are counted: one per tracked request.
 * SQLite by default; BENCH_DATABASE_URL=postgres://… also runs it on a fresh database of that server.
 */
import { api, load, loadPosts, onEachDatabase } from './lib.ts';
import { type Service, startHelloWorld, startService } from './service.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const json = { 'content-type': 'application/json' };

/** An enabled workflow started by `signup` whose one step after the trigger is a day's delay. */
async function signupWorkflow(svc: Service): Promise<string> {
  const wf = (await api(svc, '/workflows', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: 'Welcome', eventName: 'signup' }),
  })) as {
    id: string;
    steps: { id: string }[];
  };
  const post = (path: string, body: object) =>
    api(svc, `/workflows/${wf.id}${path}`, { method: 'POST', headers: json, body: JSON.stringify(body) });
  const delay = (await post('/steps', { type: 'DELAY', config: { amount: 1, unit: 'days' } })) as { id: string };
  await post('/transitions', { fromStepId: wf.steps[0]!.id, toStepId: delay.id });
  await api(svc, `/workflows/${wf.id}`, { method: 'PATCH', headers: json, body: JSON.stringify({ enabled: true }) });
  return wf.id;
}

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const hello = await startHelloWorld();
  const svc = await startService({ LOG_LEVEL: 'warn', ...env });
  try {
    const workflowId = await signupWorkflow(svc);
    const tag = Date.now().toString(36);
    let sent = 0;
    const posts = (t: string, duration: number) =>
      loadPosts(
        svc.url,
        svc.secretKey,
        '/v1/track',
        (i) => {
          sent++;
          return JSON.stringify({
            email: `w${i}-${t}@example.test`,
            event: 'signup',
            data: { plan: i % 3 ? 'pro' : 'free' },
          });
        },
        duration,
      );
    await load({ url: hello.url, duration: 1 });
    await posts(`warm${tag}`, 2);
    const base = await load({ url: hello.url, duration: DURATION });
    const r = await posts(tag, DURATION);
    // Every tracked request started one execution, in its own transaction.
    let started = 0;
    let waiting = 0;
    for (let i = 0; i < 100; i++) {
      const all = (await api(svc, `/workflows/${workflowId}/executions?limit=1`)) as { total: number };
      const w = (await api(svc, `/workflows/${workflowId}/executions?limit=1&status=WAITING`)) as { total: number };
      started = all.total;
      waiting = w.total;
      if (waiting >= Math.min(sent, 10_000)) break;
      await new Promise((res) => setTimeout(res, 200));
    }
    console.log(`${label}: bare fastify hello-world: ${base.requestsPerSecond} req/s (p99 ${base.p99Ms} ms)`);
    console.log(
      `${label}: POST /v1/track starting a workflow: ${r.requestsPerSecond} req/s (p99 ${r.p99Ms} ms) = ${(r.requestsPerSecond / base.requestsPerSecond).toFixed(3)} of hello-world (target ${label === 'sqlite' ? '0.10' : '0.07'})`,
    );
    console.log(
      `${label}:   tracked ${sent}, executions ${started} (counts stop at 10,000), waiting in the DELAY ${waiting}`,
    );
  } finally {
    await hello.stop();
    await svc.stop();
  }
}

export default (): Promise<void> => onEachDatabase(benchOn);
