/**
 * Overhead of the API's request path (key authentication + per-project rate limit + request logging +
 * request id + metrics) on a trivial endpoint, against a bare Fastify hello-world in the same run.
 * Target: ratio ≥ 0.6.
 */
import Fastify from 'fastify';
import { requireProject } from '../src/http/auth.ts';
import { type LoadResult, load, startBenchApp } from './lib.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = 5;

function median(runs: LoadResult[]): LoadResult {
  const sorted = [...runs].sort((x, y) => x.requestsPerSecond - y.requestsPerSecond);
  return { ...sorted[Math.floor(sorted.length / 2)]!, errors: sum(runs, 'errors'), non2xx: sum(runs, 'non2xx') };
}

function sum(runs: LoadResult[], k: 'errors' | 'non2xx'): number {
  return runs.reduce((n, r) => n + r[k], 0);
}

export default async function run(): Promise<void> {
  const bare = Fastify({ logger: false });
  bare.get('/hello', async () => ({ hello: 'world' }));
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const barePort = (bare.server.address() as { port: number }).port;

  const mw = await startBenchApp(
    {},
    {
      plugins: [
        async (app, deps) => {
          app.get('/bench/ping', { onRequest: requireProject(deps) }, async (req) => ({
            projectId: req.auth!.projectId,
          }));
        },
      ],
    },
  );
  try {
    // Warm both up (JIT, SQLite page cache) before measuring.
    await load({ url: `http://127.0.0.1:${barePort}/hello`, duration: 1 });
    await load({ url: `${mw.url}/bench/ping`, duration: 1, headers: { authorization: `Bearer ${mw.secretKey}` } });

    // Alternate short rounds and compare medians: the machine's speed drifts, and a single pair of runs
    // taken a minute apart can differ by a third on a shared 2-core box.
    const bases: LoadResult[] = [];
    const ourRuns: LoadResult[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      bases.push(await load({ url: `http://127.0.0.1:${barePort}/hello`, duration: DURATION }));
      ourRuns.push(
        await load({
          url: `${mw.url}/bench/ping`,
          duration: DURATION,
          headers: { authorization: `Bearer ${mw.secretKey}` },
        }),
      );
    }
    const base = median(bases);
    const ours = median(ourRuns);
    if (ours.non2xx > 0 || ours.errors > 0) throw new Error(`authenticated endpoint failed: ${JSON.stringify(ours)}`);
    console.log(`rounds: ${ROUNDS} x ${DURATION} s each, alternating; medians below`);
    console.log(`bare fastify hello-world:         ${base.requestsPerSecond} req/s (p99 ${base.p99Ms} ms)`);
    console.log(`authenticated (sk + limit + log): ${ours.requestsPerSecond} req/s (p99 ${ours.p99Ms} ms)`);
    console.log(`ratio: ${(ours.requestsPerSecond / base.requestsPerSecond).toFixed(2)} (target >= 0.60)`);
  } finally {
    await bare.close();
    await mw.close();
  }
}
