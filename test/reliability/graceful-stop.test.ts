// Invariant: a worker told to stop (SIGTERM, as Docker, systemd and compose stop it) ends its long
// jobs after the batch in hand, exits with code 0, and hands the rest over: an import and a campaign
// fan-out, each caught mid-way on the only worker running, are released with their cursors and queued
// again, so the other worker, started afterwards, resumes them at once from where they stopped. The
// lease (JOB_LEASE_SECONDS) is two minutes, so the sweep, which takes back a released row after two
// lease periods, cannot be what resumes them within the test. In the end the import has every CSV row
// once and the campaign reached every subscribed recipient exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportFigures } from '../fixtures/figures.ts';
import { until } from '../fixtures/processes.ts';
import { campaignStats, expectEveryoneOnce, sendingEnv, startCampaign, tally, waitSent } from './campaign-rig.ts';
import { type Cluster, type Member, startCluster } from './cluster.ts';
import { type CountingSink, startCountingSink } from './counting-sink.ts';
import { importCsv, importRow, uploadImport } from './restart-rig.ts';

const SCENARIO = 'graceful stop (SIGTERM) of the only worker mid-import and mid-fan-out';
const IMPORT_ROWS = 40_000;
const SUBSCRIBED = 10_000;

/** SIGTERMs the worker; answers its exit and how long it took to exit. */
async function stopGracefully(worker: Member) {
  const at = Date.now();
  worker.proc.child.kill('SIGTERM');
  const exit = await worker.proc.exited(30_000);
  return { ...exit, seconds: (Date.now() - at) / 1000 };
}

describe('a graceful stop of a worker with long jobs in hand', () => {
  let cluster: Cluster | undefined;
  let sink: CountingSink | undefined;

  beforeAll(async () => {
    sink = await startCountingSink();
    cluster = await startCluster({ apis: 1, workers: 2, env: { ...sendingEnv(sink), JOB_LEASE_SECONDS: '120' } });
  });
  afterAll(async () => {
    await cluster?.close();
    await sink?.close();
  });

  it('exits with code 0 after the batch in hand, and the other worker resumes both jobs at once', {
    timeout: 240_000,
  }, async () => {
    const c = cluster!;
    const [first, second] = c.workers as [Member, Member];
    // Only the first worker runs, so it is the one holding each job when it is told to stop.
    expect((await stopGracefully(second)).code).toBe(0);

    // The import: stopped once it has committed some batches.
    const p = await c.project();
    const importId = await uploadImport(c, p.auth, importCsv(IMPORT_ROWS));
    await until(async () => ((await importRow(c, importId)).cursor > 0 ? true : undefined), 'import under way');
    const importStop = await stopGracefully(first);
    const importAtStop = await importRow(c, importId);
    await c.start(second);
    const resumeFrom = Date.now();
    const imported = await until(
      async () => {
        const row = await importRow(c, importId);
        return row.status === 'completed' ? row : undefined;
      },
      'import completed',
      90_000,
    );
    const importResumeSeconds = (Date.now() - resumeFrom) / 1000;

    // The campaign: stopped once the fan-out has queued some batches (the worker delivers meanwhile).
    const counts = { subscribed: SUBSCRIBED, unsubscribed: 0 };
    const { audience, call, id } = await startCampaign(c, 'Graceful', counts);
    const dispatchRow = () =>
      c.deps.db.selectFrom('campaignDispatches').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await until(async () => ((await dispatchRow()).queued > 0 ? true : undefined), 'fan-out under way');
    const fanoutStop = await stopGracefully(second);
    const fanoutAtStop = await dispatchRow();
    const deliveredAtStop = sink!.distinct();
    await c.start(first);
    const restartedAt = Date.now();
    const sent = await waitSent(call, id, 120_000);
    const sentSeconds = (Date.now() - restartedAt) / 1000;
    const t = tally(sink!, audience);
    const stats = await campaignStats(call, id);

    reportFigures(SCENARIO, [
      {
        figure: 'import: worker exit code, seconds from SIGTERM to exit',
        value: `${importStop.code}, ${importStop.seconds.toFixed(1)} s`,
      },
      { figure: 'import: rows done at the stop', value: `${importAtStop.cursor} of ${IMPORT_ROWS}` },
      { figure: 'import: seconds from the other worker starting to completed', value: importResumeSeconds.toFixed(1) },
      { figure: 'import: rows imported', value: imported.imported, goal: String(IMPORT_ROWS) },
      {
        figure: 'fan-out: worker exit code, seconds from SIGTERM to exit',
        value: `${fanoutStop.code}, ${fanoutStop.seconds.toFixed(1)} s`,
      },
      { figure: 'fan-out: recipients queued at the stop', value: `${fanoutAtStop.queued} of ${SUBSCRIBED}` },
      { figure: 'campaign: delivered at the stop', value: deliveredAtStop },
      { figure: 'campaign: seconds from the other worker starting to SENT', value: sentSeconds.toFixed(1) },
      { figure: 'campaign: recipients missing at the SMTP sink', value: t.missing, goal: '0' },
      { figure: 'campaign: duplicate messages', value: t.duplicates, goal: '0' },
    ]);

    expect(importStop).toMatchObject({ code: 0, signal: null });
    // Handed over, not finished: released with its cursor part-way.
    expect(importAtStop).toMatchObject({ status: 'processing', leaseUntil: null });
    expect(importAtStop.cursor).toBeLessThan(IMPORT_ROWS);
    expect(imported).toMatchObject({ totalRows: IMPORT_ROWS, imported: IMPORT_ROWS, updated: 0, skipped: 0 });

    expect(fanoutStop).toMatchObject({ code: 0, signal: null });
    expect(fanoutAtStop).toMatchObject({ status: 'processing', leaseUntil: null });
    expect(fanoutAtStop.queued).toBeLessThan(SUBSCRIBED);
    // A graceful stop stamps what it sent: nothing was in flight, so nothing may arrive twice.
    expectEveryoneOnce(t, new Set(), SUBSCRIBED, { sent, stats });
  });
});
