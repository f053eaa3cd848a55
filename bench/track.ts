/**
 * POST /v1/track over loopback with a real secret key (5,000 contacts, each tracked again and again,
 * with data changing), beside a bare Fastify hello-world measured in the same run. Mailwright runs as
 * `npm start` starts it; the load comes from this process. Targets: >= 0.14 of hello-world on SQLite
 * (>= 0.25 with group commit), >= 0.10 on PostgreSQL.
 * SQLite by default; BENCH_DATABASE_URL=postgres://… also runs it on a fresh database of that server.
 */
import { onEachDatabase, postsBesideHelloWorld, WRITE_ENDPOINTS } from './lib.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);

export default (): Promise<void> =>
  onEachDatabase((label, env) => postsBesideHelloWorld(label, env, { ...WRITE_ENDPOINTS.track, duration: DURATION }));
