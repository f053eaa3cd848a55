/**
 * POST /v1/track with one enabled workflow that the tracked event starts (TRIGGER → EXIT, reentry
 * allowed), beside a bare Fastify hello-world measured in the same run. The requests are those of
 * the `track` benchmark (5,000 contacts tracked again and again, data changing), so each writes the
 * contact, the event and an execution row in one transaction; the engine runs each execution to its
 * end in the background, in the same process. Targets: >= 0.10 of hello-world on SQLite, >= 0.07 on
 * PostgreSQL. Afterwards the executions are counted (a contact whose previous execution is still
 * running when it is tracked again is not started twice: reentry waits for the end).
 * SQLite by default; BENCH_DATABASE_URL=postgres://… also runs it on a fresh database of that server.
 */
import { api, load, loadPosts, onEachDatabase } from './lib.ts';
import { type Service, startHelloWorld, startService } from './service.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const json = { 'content-type': 'application/json' };

/** An enabled workflow started by `signup`, reentry allowed, that ends at once (TRIGGER → EXIT). */
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
  const exit = (await post('/steps', { type: 'EXIT', config: { reason: 'welcomed' } })) as { id: string };
  await post('/transitions', { fromStepId: wf.steps[0]!.id, toStepId: exit.id });
  const enable = JSON.stringify({ enabled: true, allowReentry: true });
  await api(svc, `/workflows/${wf.id}`, { method: 'PATCH', headers: json, body: enable });
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
    // The executions the tracked events started, once the engine has run them all to their end.
    let started = 0;
    let running = 0;
    for (let i = 0; i < 100; i++) {
      const count = async (q: string) =>
        ((await api(svc, `/workflows/${workflowId}/executions?limit=1${q}`)) as { total: number }).total;
      started = await count('');
      running = await count('&status=RUNNING');
      if (running === 0) break;
      await new Promise((res) => setTimeout(res, 200));
    }
    console.log(`${label}: bare fastify hello-world: ${base.requestsPerSecond} req/s (p99 ${base.p99Ms} ms)`);
    console.log(
      `${label}: POST /v1/track starting a workflow: ${r.requestsPerSecond} req/s (p99 ${r.p99Ms} ms) = ${(r.requestsPerSecond / base.requestsPerSecond).toFixed(3)} of hello-world (target ${label === 'sqlite' ? '0.10' : '0.07'})`,
    );
    console.log(
      `${label}:   tracked ${sent}, executions started ${started} (counts stop at 10,000), still running ${running}`,
    );
  } finally {
    await hello.stop();
    await svc.stop();
  }
}

export default (): Promise<void> => onEachDatabase(benchOn);
