/**
 * POST /v1/send over loopback (capture transport, one recipient a request, a Liquid body with a
 * link), beside a bare Fastify hello-world in the same run. Mailwright runs as `npm start` starts it;
 * the load comes from this process. Targets: >= 0.12 of hello-world on SQLite, >= 0.08 on PostgreSQL.
 * SQLite by default; BENCH_DATABASE_URL=postgres://… also runs it on a fresh database of that server.
 */
import { onEachDatabase, postsBesideHelloWorld, sendBody } from './lib.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);

export default (): Promise<void> =>
  onEachDatabase((label, env) =>
    postsBesideHelloWorld(label, env, {
      path: '/v1/send',
      body: (i, tag) => sendBody(i, `r${i % 5000}-${tag}@example.test`, 'bench@example.test'),
      duration: DURATION,
    }),
  );
