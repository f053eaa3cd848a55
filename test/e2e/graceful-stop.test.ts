// Invariant: a graceful stop (SIGTERM: the job runner's stop, which aborts its jobs' signal) ends a
// long job after the batch in hand, and hands the rest over: the job row is released with its cursor
// and the run queued again in the same transaction, so the next process to drain the queue resumes
// it at once (not the sweep, two lease periods later) and ends with what one uninterrupted run gives.
import { describe, expect, it } from 'vitest';
import { campaignTick } from '../../src/campaigns/campaigns.jobs.ts';
import { createDeps } from '../../src/composition.ts';
import { createLogger } from '../../src/deps.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { uploadCsv } from './contacts-helpers.ts';

const csvOf = (n: number, prefix: string) =>
  `email,n\n${Array.from({ length: n }, (_, i) => `${prefix}${i}@stop.test,${i}`).join('\n')}\n`;

describe.each(DIALECTS)('graceful stop of long jobs on %s', (dialect) => {
  const t = useTestEnv({ dialect, env: () => ({ REQUIRE_VERIFIED_DOMAIN: 'false', SEND_RATE_PER_SECOND: '100000' }) });
  const importView = async (p: TestProject, id: string) =>
    (await t.app.inject({ url: `/contacts/import/${id}`, headers: { authorization: p.auth } })).json();
  const upload = async (p: TestProject, rows: number, prefix: string): Promise<string> => {
    const res = await uploadCsv(t.app, p.auth, csvOf(rows, prefix));
    expect(res.statusCode, res.body).toBe(202);
    return res.json().jobId;
  };

  it('an import stops after the batch in hand on stop() and another process finishes it from the queue', async () => {
    const rows = 40_000;
    const p = await t.make.project();
    const id = await upload(p, rows, 'imp');
    await t.deps.jobs.start();
    try {
      await expect.poll(async () => (await importView(p, id)).processed, { timeout: 30_000 }).toBeGreaterThan(0);
    } finally {
      await t.deps.jobs.stop();
    }
    const atStop = await importView(p, id);
    expect(atStop).toMatchObject({ status: 'processing', totalRows: rows });
    expect(atStop.processed).toBeLessThan(rows);
    const row = await t.deps.db.selectFrom('importJobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.leaseUntil).toBeNull();

    // Another process: no sweep runs in a drain, so only the run queued at the stop can finish it.
    await t.deps.searchIndex.catchUp();
    const other = await createDeps(t.config, { log: createLogger('silent') });
    try {
      await other.jobs.drain();
    } finally {
      await other.close();
    }
    expect(await importView(p, id)).toMatchObject({ status: 'completed', processed: rows, imported: rows, skipped: 0 });
    const contacts = await t.deps.db
      .selectFrom('contacts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('projectId', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(Number(contacts.n)).toBe(rows);
  });

  // 6,000 recipients delivered on PostgreSQL take ~20 s alone, and two suite files share two cores.
  it('a campaign fan-out stops after the batch in hand on stop() and the queue resumes it from its cursor', async () => {
    const audience = 6000;
    const p = await t.make.project();
    await upload(p, audience, 'fan');
    await t.deps.jobs.drain();
    const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { authorization: p.auth }, ...(payload ? { payload } : {}) });
    const created = await api('POST', '/campaigns', {
      name: 'Stop and go',
      subject: 'Hi {{ n }}',
      body: '<p>Number {{ n }}</p>',
      from: 'news@stop.test',
      audienceType: 'ALL',
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaignId = created.json().data.id;
    const dispatchRow = () =>
      t.deps.db.selectFrom('campaignDispatches').selectAll().where('id', '=', campaignId).executeTakeFirstOrThrow();

    // The runner takes the send's fan-out job; it is stopped once the walk has committed a batch.
    expect((await api('POST', `/campaigns/${campaignId}/send`, {})).json().status).toBe('SENDING');
    await t.deps.jobs.start();
    try {
      await expect.poll(async () => (await dispatchRow()).queued, { timeout: 30_000, interval: 20 }).toBeGreaterThan(0);
    } finally {
      await t.deps.jobs.stop();
    }
    const atStop = await dispatchRow();
    expect(atStop).toMatchObject({ status: 'processing', leaseUntil: null });
    expect(atStop.queued).toBeLessThan(audience);

    // The send's job was consumed by the stopped run: only the run queued at the stop can walk on
    // (a drain runs no sweep); the minutely tick ends the campaign once every row is sent.
    const status = async () => (await api('GET', `/campaigns/${campaignId}`)).json().status;
    for (let i = 0; i < 50 && (await status()) === 'SENDING'; i++) {
      await t.deps.jobs.drain();
      await campaignTick(t.deps);
      await new Promise((r) => setTimeout(r, 50));
    }
    const stored = await t.deps.db
      .selectFrom('emails')
      .select(['toEmail', 'status'])
      .where('sourceType', '=', 'CAMPAIGN')
      .where('sourceId', '=', campaignId)
      .execute();
    expect(stored).toHaveLength(audience);
    expect(new Set(stored.map((r) => r.toEmail)).size).toBe(audience);
    expect(stored.filter((r) => r.status !== 'SENT')).toEqual([]);
    expect(await status()).toBe('SENT');
  }, 90_000);
});
