// Invariant: pending work is rows with due times, not timers in a process. With scheduled campaigns,
// executions waiting in a DELAY and at a WAIT_FOR_EVENT with a timeout, and a CSV import half done,
// every worker is SIGKILLed and both APIs restarted (one SIGKILL, one SIGTERM); the scheduled times,
// the due times and the import's lease pass while no worker runs; then the workers start again.
// In the end every scheduled campaign reached each of its recipients exactly once and is SENT, every
// DELAY and every timeout fired exactly once per execution (one email each at the SMTP sink, the
// execution COMPLETED), and the import completed with each CSV row present once and its counters
// equal to the file's rows: nothing lost, nothing fired twice.
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { groupBy } from '../../src/lib/group-by.ts';
import { reportFigures } from '../fixtures/figures.ts';
import { until } from '../fixtures/processes.ts';
import { type SmtpSink, startSmtpSink } from '../servers/smtp-sink.ts';
import { apiClient, type Cluster, startCluster } from './cluster.ts';
import {
  buildWaitingFlows,
  call,
  campaignFor,
  executionsOf,
  importCsv,
  importRow,
  uploadImport,
} from './restart-rig.ts';

const SCENARIO = 'Restart of every process with campaigns, DELAYs, timeouts and an import pending';
const CAMPAIGNS = 3;
const PER_CAMPAIGN = 20;
/** Contacts entering both waiting workflows. */
const WAITERS = 100;
const IMPORT_ROWS = 40_000;
/** The import's lease (JOB_LEASE_SECONDS): it must run out while the workers are down. */
const LEASE_SECONDS = 4;

describe('a restart of the whole cluster with work pending', () => {
  let cluster: Cluster | undefined;
  let sink: SmtpSink | undefined;
  afterAll(async () => {
    await cluster?.close();
    await sink?.close();
  });

  it('loses no scheduled campaign, DELAY, timeout or import row, and fires none twice', async () => {
    sink = await startSmtpSink();
    cluster = await startCluster({
      apis: 2,
      workers: 2,
      env: {
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: sink.url,
        REQUIRE_VERIFIED_DOMAIN: 'false',
        SEND_RATE_PER_SECOND: '100000',
        JOB_LEASE_SECONDS: String(LEASE_SECONDS),
      },
    });
    const c = cluster;
    const p = await c.project();
    const api = apiClient(c, p.auth);

    // Pending work, through the API: the waiting workflows, the campaigns' audiences, the waits.
    const flows = await buildWaitingFlows(api);
    const campaigns = [];
    for (let k = 0; k < CAMPAIGNS; k++) campaigns.push(await campaignFor(api, `g${k}`, PER_CAMPAIGN));
    const waiters = Array.from({ length: WAITERS }, (_, i) => `w${i}@dest.test`);
    for (const event of ['delay.start', 'wait.start']) {
      await Promise.all(waiters.map((email) => call(api, 'POST', '/v1/track', { email, event, data: {} })));
    }
    await until(
      async () => {
        const rows = await executionsOf(c, p.id);
        return rows.length === 2 * WAITERS && rows.every((e) => e.status === 'WAITING') ? true : undefined;
      },
      'every execution waiting in its DELAY or WAIT_FOR_EVENT',
      30_000,
    );
    const importId = await uploadImport(c, p.auth, importCsv(IMPORT_ROWS));
    await until(
      async () => ((await importRow(c, importId)).cursor > 0 ? true : undefined),
      'the import under way',
      30_000,
    );

    // The campaigns go out a few seconds from now: after the kill, while no worker runs.
    const scheduledFor = new Date(Date.now() + 4000);
    const schedule = { scheduledFor: scheduledFor.toISOString() };
    await Promise.all(campaigns.map((campaign) => call(api, 'POST', `/campaigns/${campaign.id}/send`, schedule)));

    // SIGKILL every worker with all of it pending or in flight.
    await Promise.all(
      c.workers.map(async (w) => {
        w.proc.child.kill('SIGKILL');
        expect((await w.proc.exited(10_000)).signal).toBe('SIGKILL');
      }),
    );
    const killedAt = Date.now();
    const atKill = {
      import: await importRow(c, importId),
      campaigns: await c.deps.db.selectFrom('campaigns').select('status').where('projectId', '=', p.id).execute(),
      executions: await executionsOf(c, p.id),
    };
    expect(atKill.import.status, 'the import was still running at the kill').toBe('processing');
    expect(atKill.import.cursor).toBeLessThan(IMPORT_ROWS);
    expect(atKill.campaigns.map((r) => r.status)).toEqual(Array(CAMPAIGNS).fill('SCHEDULED'));
    expect(atKill.executions.filter((e) => e.status !== 'WAITING')).toEqual([]);
    // DELAY counts in minutes and the wait's timeout is a minute: pull their due times forward to
    // 2 s from now, as if they had been waiting for most of that minute (the claim reads due_at).
    const dueAt = new Date(Date.now() + 2000);
    await c.deps.db
      .updateTable('workflowExecutions')
      .set({
        dueAt: dueAt.toISOString(),
        stepEnteredAt: sql`step_entered_at - (due_at - ${dueAt.toISOString()}::timestamptz)`,
      })
      .where('projectId', '=', p.id)
      .where('status', '=', 'WAITING')
      .execute();

    // The APIs restart meanwhile: one killed, one stopped cleanly.
    const [killed, stopped] = await Promise.all([c.restart(c.apis[0]!, 'SIGKILL'), c.restart(c.apis[1]!, 'SIGTERM')]);
    expect(killed.signal).toBe('SIGKILL');
    expect(stopped.code).toBe(0);
    // Everything falls due while no worker runs: the campaigns' time, the waits', the import's lease.
    const leaseEnd = new Date(atKill.import.leaseUntil!);
    const allDue = Math.max(scheduledFor.getTime(), dueAt.getTime(), leaseEnd.getTime()) + 500;
    await new Promise((r) => setTimeout(r, Math.max(0, allDue - Date.now())));
    const downMs = Date.now() - killedAt;
    await Promise.all(c.workers.map((w) => c.start(w)));
    // A worker's start runs the backstops (main.ts kickBackgroundWork): campaigns and workflows at
    // once, the import's sweep once a lease taken now would have run out. Nothing is poked by the test.
    const restarted = Date.now();

    // Wait for the end: campaigns SENT, executions ended, import completed, every email SENT.
    const expectedEmails = CAMPAIGNS * PER_CAMPAIGN + 2 * WAITERS;
    await until(
      async () => {
        const [imp, camps, execs, emails] = await Promise.all([
          importRow(c, importId),
          c.deps.db.selectFrom('campaigns').select('status').where('projectId', '=', p.id).execute(),
          executionsOf(c, p.id),
          c.deps.db.selectFrom('emails').select('status').where('projectId', '=', p.id).execute(),
        ]);
        const done =
          imp.status !== 'processing' &&
          imp.status !== 'queued' &&
          camps.every((r) => r.status !== 'SCHEDULED' && r.status !== 'SENDING') &&
          execs.every((e) => e.status !== 'WAITING' && e.status !== 'RUNNING') &&
          emails.length >= expectedEmails &&
          emails.every((e) => e.status !== 'PENDING' && e.status !== 'SENDING');
        return done ? true : undefined;
      },
      'everything pending has ended',
      60_000,
    );
    const settledMs = Date.now() - restarted;

    // Campaigns: SENT, each recipient exactly once at the sink.
    const bySubjectTo = groupBy(sink.messages, (m) => `${m.subject} → ${m.to.join(',')}`);
    let lost = 0;
    let twice = 0;
    const problems: string[] = [];
    const tally = (what: string, n: number) => {
      if (n === 0) lost++;
      if (n > 1) twice += n - 1;
      if (n !== 1) problems.push(`${what}: ${n}`);
    };
    for (const [k, campaign] of campaigns.entries()) {
      const view = await call<{ status: string }>(api, 'GET', `/campaigns/${campaign.id}`);
      if (view.status !== 'SENT') problems.push(`campaign g${k} ended ${view.status}`);
      for (const to of campaign.recipients)
        tally(`campaign g${k} to ${to}`, bySubjectTo.get(`Campaign g${k} → ${to}`)?.length ?? 0);
    }
    // Executions: COMPLETED, one email each (its outbox row and its message at the sink).
    const emails = await c.deps.db
      .selectFrom('emails')
      .select(['id', 'sourceId', 'sourceType'])
      .where('projectId', '=', p.id)
      .where('sourceType', '=', 'WORKFLOW')
      .execute();
    const rowsByExecution = groupBy(emails, (e) => e.sourceId!);
    const atSink = groupBy(sink.messages, (m) => m.headers['x-mailwright-email-id']!);
    const executions = await executionsOf(c, p.id);
    for (const e of executions) {
      const rows = rowsByExecution.get(e.id) ?? [];
      const messages = rows.reduce((n, r) => n + (atSink.get(r.id)?.length ?? 0), 0);
      const what = `${e.workflowId === flows.delay ? 'DELAY' : 'timeout'} of execution ${e.id}`;
      tally(`${what} (outbox rows)`, rows.length);
      if (rows.length > 0) tally(`${what} (messages)`, messages);
      if (e.status !== 'COMPLETED') problems.push(`${what} ended ${e.status}`);
    }
    expect(executions.filter((e) => e.workflowId === flows.delay)).toHaveLength(WAITERS);
    expect(executions.filter((e) => e.workflowId === flows.wait)).toHaveLength(WAITERS);
    // The import: completed, every row once, counters equal to the file.
    const imp = await importRow(c, importId);
    const imported = await c.deps.db
      .selectFrom('contacts')
      .select([sql<number>`count(*)`.as('n'), sql<number>`count(distinct email)`.as('distinct')])
      .where('projectId', '=', p.id)
      .where('email', 'like', 'imp%')
      .executeTakeFirstOrThrow();
    const rowsPresent = Number(imported.distinct);
    lost += IMPORT_ROWS - Math.min(rowsPresent, IMPORT_ROWS);
    twice += Number(imported.n) - rowsPresent + Math.max(0, imp.imported + imp.updated + imp.skipped - IMPORT_ROWS);
    const view = await call<Record<string, unknown>>(api, 'GET', `/contacts/import/${importId}`);

    reportFigures(SCENARIO, [
      { figure: 'scheduled campaigns / recipients', value: `${CAMPAIGNS} / ${CAMPAIGNS * PER_CAMPAIGN}` },
      { figure: 'DELAYs due while the workers were down', value: WAITERS },
      { figure: 'WAIT_FOR_EVENT timeouts due while the workers were down', value: WAITERS },
      { figure: 'import rows (done at the kill)', value: `${IMPORT_ROWS} (${atKill.import.cursor})` },
      { figure: 'workers down (s)', value: (downMs / 1000).toFixed(1) },
      { figure: 'all ended after the workers restarted (s)', value: (settledMs / 1000).toFixed(1) },
      { figure: 'lost', value: lost, goal: '0' },
      { figure: 'fired twice', value: twice, goal: '0' },
    ]);

    expect(problems.slice(0, 20)).toEqual([]);
    expect(view).toMatchObject({
      status: 'completed',
      totalRows: IMPORT_ROWS,
      processed: IMPORT_ROWS,
      imported: IMPORT_ROWS,
    });
    expect({ rows: Number(imported.n), distinct: rowsPresent }).toEqual({ rows: IMPORT_ROWS, distinct: IMPORT_ROWS });
    expect({ lost, twice }).toEqual({ lost: 0, twice: 0 });
  });
});
