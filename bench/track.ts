/**
 * POST /v1/track over loopback with a real secret key (5,000 contacts, each tracked again and again,
 * with data changing), beside a bare Fastify hello-world measured in the same run. Mailwright runs as
 * `npm start` starts it; the load comes from this process. Targets: >= 0.14 of hello-world on SQLite
 * (>= 0.25 with group commit), >= 0.10 on PostgreSQL.
 * SQLite by default; BENCH_DATABASE_URL=postgres://… also runs it on a fresh database of that server.
 */
import { load, loadPosts, onEachDatabase } from './lib.ts';
import { startHelloWorld, startService } from './service.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const EVENTS = ['signup', 'login', 'purchase', 'viewed-pricing'];

const loadTracks = (url: string, secretKey: string, tag: string, duration: number) =>
  loadPosts(
    url,
    secretKey,
    '/v1/track',
    (i) =>
      JSON.stringify({
        email: `t${i % 5000}-${tag}@example.test`,
        event: EVENTS[i % EVENTS.length],
        data: { plan: i % 3 ? 'pro' : 'free', seen: i },
      }),
    duration,
  );

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const hello = await startHelloWorld();
  const svc = await startService(env);
  const tag = Date.now().toString(36);
  try {
    await load({ url: hello.url, duration: 1 });
    await loadTracks(svc.url, svc.secretKey, tag, 2);
    const base = await load({ url: hello.url, duration: DURATION });
    const tracks = await loadTracks(svc.url, svc.secretKey, tag, DURATION);
    console.log(`${label}: bare fastify hello-world: ${base.requestsPerSecond} req/s (p99 ${base.p99Ms} ms)`);
    console.log(
      `${label}: POST /v1/track:            ${tracks.requestsPerSecond} req/s (p99 ${tracks.p99Ms} ms) = ${(tracks.requestsPerSecond / base.requestsPerSecond).toFixed(3)} of hello-world`,
    );
  } finally {
    await hello.stop();
    await svc.stop();
  }
}

export default (): Promise<void> => onEachDatabase(benchOn);
