/**
 * POST /v1/send over loopback (capture transport, one recipient a request, a Liquid body with a
 * link), beside a bare Fastify hello-world in the same run. Mailwright runs as `npm start` starts it;
 * the load comes from this process. Targets: >= 0.12 of hello-world on SQLite, >= 0.08 on PostgreSQL.
 * SQLite by default; BENCH_DATABASE_URL=postgres://… also runs it on a fresh database of that server.
 */
import { load, loadPosts, onEachDatabase, sendBody } from './lib.ts';
import { startHelloWorld, startService } from './service.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);

const loadSends = (url: string, secretKey: string, tag: string, duration: number) =>
  loadPosts(
    url,
    secretKey,
    '/v1/send',
    (i) => sendBody(i, `r${i % 5000}-${tag}@example.test`, 'bench@example.test'),
    duration,
  );

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const hello = await startHelloWorld();
  const svc = await startService(env);
  const tag = Date.now().toString(36);
  try {
    await load({ url: hello.url, duration: 1 });
    await loadSends(svc.url, svc.secretKey, `warm${tag}`, 2);
    const base = await load({ url: hello.url, duration: DURATION });
    const sends = await loadSends(svc.url, svc.secretKey, tag, DURATION);
    console.log(`${label}: bare fastify hello-world: ${base.requestsPerSecond} req/s (p99 ${base.p99Ms} ms)`);
    console.log(
      `${label}: POST /v1/send:             ${sends.requestsPerSecond} req/s (p99 ${sends.p99Ms} ms) = ${(sends.requestsPerSecond / base.requestsPerSecond).toFixed(3)} of hello-world`,
    );
  } finally {
    await hello.stop();
    await svc.stop();
  }
}

export default (): Promise<void> => onEachDatabase(benchOn);
