/**
 * POST /contacts over loopback with a real secret key: creates (a new email every request) and updates
 * (1,000 known emails, data changing), beside a bare Fastify hello-world measured in the same run.
 * Both servers run as processes of their own (Mailwright started as `npm start` starts it); the load
 * comes from this process. Targets: >= 0.14 of hello-world on SQLite, >= 0.10 on PostgreSQL.
 * SQLite by default; BENCH_DATABASE_URL=postgres://… also runs it on a fresh database of that server.
 */
import { type LoadResult, load, loadPosts, onEachDatabase, WRITE_ENDPOINTS } from './lib.ts';
import { startHelloWorld, startService } from './service.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);

/** Each request gets a fresh email (`new`) or one of 1,000 known ones (`update`), with changing data. */
function loadUpserts(url: string, secretKey: string, mode: 'new' | 'update', tag: string, duration: number) {
  return loadPosts(
    url,
    secretKey,
    '/contacts',
    (i) =>
      mode === 'new'
        ? WRITE_ENDPOINTS.contacts.body(i, tag)
        : JSON.stringify({
            email: `upd${i % 1000}-${tag}@example.test`,
            data: { plan: i % 2 ? 'pro' : 'free', seats: i % 50, seen: i },
          }),
    duration,
  );
}

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const hello = await startHelloWorld();
  const svc = await startService(env);
  const tag = Date.now().toString(36);
  try {
    await load({ url: hello.url, duration: 1 });
    await loadUpserts(svc.url, svc.secretKey, 'update', `warm${tag}`, 2);
    const base = await load({ url: hello.url, duration: DURATION });
    const created = await loadUpserts(svc.url, svc.secretKey, 'new', tag, DURATION);
    const updated = await loadUpserts(svc.url, svc.secretKey, 'update', tag, DURATION);
    const ratio = (r: LoadResult) => (r.requestsPerSecond / base.requestsPerSecond).toFixed(3);
    console.log(`${label}: bare fastify hello-world:       ${base.requestsPerSecond} req/s (p99 ${base.p99Ms} ms)`);
    console.log(
      `${label}: POST /contacts, new contacts:   ${created.requestsPerSecond} req/s (p99 ${created.p99Ms} ms) = ${ratio(created)} of hello-world`,
    );
    console.log(
      `${label}: POST /contacts, updates:        ${updated.requestsPerSecond} req/s (p99 ${updated.p99Ms} ms) = ${ratio(updated)} of hello-world`,
    );
  } finally {
    await hello.stop();
    await svc.stop();
  }
}

export default (): Promise<void> => onEachDatabase(benchOn);
