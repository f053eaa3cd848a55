#!/usr/bin/env node
/**
 * The CLI. `serve` (default) runs the API, the workers and the scheduler in one process;
 * `serve --role api` only the API; `worker` only the workers and scheduler; `migrate` only migrates;
 * `mcp` serves a running server's MCP tools on stdio (MAILWRIGHT_URL, MAILWRIGHT_KEY; docs/mcp.md).
 */
import { setFlagsFromString } from 'node:v8';
import type { buildApp } from './app.ts';
import type { createDeps } from './composition.ts';
import { type Config, ConfigError, loadConfig, loadMcpClientConfig } from './config.ts';
import type { startInboundSmtp } from './inbound/inbound-smtp.ts';
import type { SubmissionServer } from './submission/submission-server.ts';

type Role = 'all' | 'api' | 'worker';

function parseArgs(argv: string[]): { command: string; role: Role } {
  const command = argv[0] && !argv[0].startsWith('-') ? argv[0] : 'serve';
  const i = argv.indexOf('--role');
  const role = (i >= 0 ? argv[i + 1] : command === 'worker' ? 'worker' : 'all') as Role;
  if (!['serve', 'worker', 'migrate', 'mcp'].includes(command) || !['all', 'api', 'worker'].includes(role)) {
    throw new Error('usage: mailwright [serve [--role all|api|worker] | worker | migrate | mcp]');
  }
  return { command, role };
}

/**
 * Bounds V8's heap growth (HEAP_GROWING_PERCENT). With V8's own factor, a campaign send that keeps
 * ~55 MB live sat on ~180 MB of garbage between collections: 360 MB resident where 50% keeps the
 * compiled build near 220 MB (bench/campaign.ts). V8 reads the flag at every collection, so setting it
 * now works for `npm start` and `node dist/main.js` alike; a --heap-growing-percent given to node wins.
 */
function boundHeapGrowth(percent: number): void {
  // A flag in NODE_OPTIONS already made the setting 0 (config/server.ts); one on the command line shows here.
  const given = process.execArgv.some((a) => a.includes('heap-growing-percent'));
  if (percent > 0 && !given) setFlagsFromString(`--heap-growing-percent=${percent}`);
}

/**
 * `mailwright mcp`: the stdio bridge. stdout is the protocol's, so every word of its own goes to stderr;
 * a missing or malformed MAILWRIGHT_URL / MAILWRIGHT_KEY exits 2, an unreachable server or a refused key 1.
 */
async function serveMcpOnStdio(): Promise<void> {
  let config: ReturnType<typeof loadMcpClientConfig>;
  try {
    config = loadMcpClientConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`mailwright mcp: ${err.message}`);
    process.exit(2);
  }
  // Loaded only for this command: the MCP client and stdio transport, nothing of the server.
  const { runStdioBridge } = await import('./mcp/stdio-bridge.ts');
  try {
    await runStdioBridge(config, (line) => console.error(line));
  } catch (err) {
    console.error(`mailwright mcp: cannot use ${config.url}/mcp: ${(err as Error).message}`);
    process.exit(1);
  }
  process.exit(0);
}

async function main(): Promise<void> {
  const { command, role } = parseArgs(process.argv.slice(2));
  if (command === 'mcp') return serveMcpOnStdio();
  // The server's modules load only for the commands that run it: `mcp` starts without them.
  const [server, composition] = await Promise.all([import('./app.ts'), import('./composition.ts')]);
  const config = loadConfig();
  boundHeapGrowth(config.heapGrowingPercent);
  const deps = await composition.createDeps(config);
  if (command === 'migrate') {
    deps.log.info('migrations applied');
    await deps.close();
    return;
  }

  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let inbound: Awaited<ReturnType<typeof startInboundSmtp>> | undefined;
  let submission: SubmissionServer | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      deps.log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    deps.log.info(`${signal}: finishing in-flight requests and jobs`);
    // Order matters: stop taking requests and messages (those in flight commit and are answered),
    // let running jobs finish, then close the database.
    await Promise.all([app?.close(), submission?.close()]);
    await inbound?.close();
    await deps.close();
    process.exit(0);
  };
  // Installed before anything starts: a SIGTERM during start-up must still end the process cleanly.
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (role !== 'worker') {
    app = await server.buildApp(deps);
    if (stopping) return;
    await app.listen({ port: config.port, host: config.host });
    if (config.submission.port !== undefined && !stopping) {
      // Loaded only when configured, as the inbound listener is (smtp-server and mailparser).
      const { startSubmissionServer } = await import('./submission/submission-server.ts');
      submission = await startSubmissionServer(deps);
      deps.log.info(`SMTP submission listening on port ${submission.port}`);
    }
    deps.log.info(
      `Mailwright is up: API ${config.baseUrl} (docs at ${config.baseUrl}/docs), database ${config.databaseKind}` +
        (config.sqlitePath ? ` at ${config.sqlitePath}` : '') +
        `. Create an account with POST ${config.baseUrl}/auth/signup.`,
    );
  }
  if (role !== 'api' && !stopping) {
    await deps.jobs.start();
    try {
      await kickBackgroundWork(deps, config);
    } catch (err) {
      // A SIGTERM during start-up closes the database under these writes: nothing is lost (the
      // minutely backstops and the next start find the rows), and the exit must stay clean.
      if (!stopping) throw err;
    }
    if (role === 'worker' && !stopping)
      deps.log.info(`Mailwright worker is up: jobs and scheduler on ${config.databaseKind}`);
    // Bounce reports and inbound mail are background work: the worker roles listen for them.
    if (config.inboundSmtpPort && !stopping) {
      // Loaded only when configured: mailparser and smtp-server cost ~30 MB a process that has no use for them.
      inbound = await (await import('./inbound/inbound-smtp.ts')).startInboundSmtp(deps);
      deps.log.info(`Inbound SMTP listening on port ${inbound.port}`);
    }
  }
}

/**
 * Work a killed process left is due again once its leases end: these runs find it (or schedule
 * themselves for then) without waiting for the minutely backstops. Graphile keeps a dead worker's
 * jobs locked for hours; the rows are the truth.
 */
async function kickBackgroundWork(deps: Awaited<ReturnType<typeof createDeps>>, config: Config): Promise<void> {
  // Outbox rows a killed process held.
  await deps.deliveryWaker.wakeNow();
  // Due campaign starts and ends.
  await deps.jobs.enqueue('campaign.schedule', {}, { jobKey: 'campaign.schedule' });
  const { SWEEP_JOB } = await import('./jobs/job-row-kind.ts');
  const leaseEnd = new Date(deps.clock.now().getTime() + config.jobLeaseMs + 1000);
  // Fan-outs, imports, bulk actions and resets a killed process held, once their lease has run out.
  await deps.jobs.enqueue(SWEEP_JOB, {}, { jobKey: SWEEP_JOB, runAt: leaseEnd });
  // Due workflow executions, and a killed process's once their lease runs out.
  await deps.workflowWaker.wakeNow();
  // Due webhook messages (a killed process's come back by themselves when their lease ends).
  await deps.webhookWaker.wakeNow();
}

main().catch((err) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
