/**
 * POST /v1/send over loopback (capture transport, one recipient a request, a Liquid body with a
 * link), beside a bare Fastify hello-world in the same run. Mailwright runs as `npm start` starts it;
 * the load comes from this process. Targets (issue 41): >= 0.10 of hello-world on SQLite, >= 0.06 on
 * PostgreSQL; `npm run bench -- floor` shows what the same writes by hand-written SQL reach.
 * SQLite by default; BENCH_DATABASE_URL=postgres://… also runs it on a fresh database of that server.
 */
import { onEachDatabase, postsBesideHelloWorld, WRITE_ENDPOINTS } from './lib.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);

export default (): Promise<void> =>
  onEachDatabase((label, env) => postsBesideHelloWorld(label, env, { ...WRITE_ENDPOINTS.send, duration: DURATION }));
