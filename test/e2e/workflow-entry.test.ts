// Invariant: who enters a workflow, and how often, is held by the database. Without reentry a contact
// enters once, ever; with it, again only once its previous execution has ended, and concurrent starts
// for one contact leave exactly one active execution. A SCHEDULE workflow starts one execution per
// contact of its audience per fire time, however often the tick runs.
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../src/lib/clock.ts';
import { newId } from '../../src/lib/ids.ts';
import { insertExecutions } from '../../src/workflows/engine/executions.repo.ts';
import { runFanout, scheduleTick } from '../../src/workflows/schedule.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { uploadCsv } from './contacts-helpers.ts';
import { workflowHelpers } from './workflow-helpers.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(DIALECTS)('workflow entry on %s', (dialect) => {
  const clock = manualClock(new Date(Date.now() + 365 * 86_400_000));
  const t = useTestEnv({ dialect, clock });
  const h = workflowHelpers(t);

  /** signup → DELAY 10 min, so a first execution stays active until the clock moves. */
  const delayFlow = (p: TestProject, allowReentry: boolean) =>
    h.build(p, {
      eventName: 'signup',
      steps: [{ key: 'wait', type: 'DELAY', config: { amount: 10, unit: 'minutes' } }],
      edges: [['trigger', 'wait']],
      patch: { allowReentry },
    });
  const statuses = async (p: TestProject, workflowId: string) =>
    (await h.executions(p, workflowId)).map((e) => [e.entry, e.status]).reverse();

  it('without reentry a contact enters once, ever: not while active, not after it completed', async () => {
    const p = await t.make.project();
    const w = await delayFlow(p, false);
    const r = await h.track(p, 'ann@once.test', 'signup');
    const contactId = r.json().data.contact;
    await h.track(p, 'ann@once.test', 'signup');
    await h.settle();
    await h.track(p, 'ann@once.test', 'signup');
    expect(await statuses(p, w.id)).toEqual([[1, 'WAITING']]);
    clock.advance(10 * MINUTE);
    await h.settle();
    await h.track(p, 'ann@once.test', 'signup');
    await h.settle();
    expect(await statuses(p, w.id)).toEqual([[1, 'COMPLETED']]);
    const manual = await h.api(p, 'POST', `/workflows/${w.id}/executions`, { contactId });
    expect(manual.statusCode, manual.body).toBe(409);
    expect(await statuses(p, w.id)).toEqual([[1, 'COMPLETED']]);
  });

  it('with reentry a contact enters again only after its execution ended', async () => {
    const p = await t.make.project();
    const w = await delayFlow(p, true);
    await h.track(p, 'bob@again.test', 'signup');
    await h.track(p, 'bob@again.test', 'signup'); // while RUNNING
    expect(await statuses(p, w.id)).toEqual([[1, 'RUNNING']]);
    await h.settle();
    await h.track(p, 'bob@again.test', 'signup'); // while WAITING
    expect(await statuses(p, w.id)).toEqual([[1, 'WAITING']]);
    clock.advance(10 * MINUTE);
    await h.settle();
    await h.track(p, 'bob@again.test', 'signup');
    expect(await statuses(p, w.id)).toEqual([
      [1, 'COMPLETED'],
      [2, 'RUNNING'],
    ]);
    await h.settle();
    expect(await statuses(p, w.id)).toEqual([
      [1, 'COMPLETED'],
      [2, 'WAITING'],
    ]);
  });

  it.each([false, true])(
    'concurrent inserts for one contact leave exactly one active execution (reentry %s)',
    async (allowReentry) => {
      const p = await t.make.project();
      const w = await delayFlow(p, allowReentry);
      const contact = await t.make.contact(p);
      const start = () =>
        insertExecutions(t.deps.db, t.deps.dialect, [
          {
            id: newId(),
            projectId: p.id,
            workflowId: w.id,
            contactId: contact.id,
            allowReentry,
            stepId: w.steps.trigger!,
            event: {},
            context: {},
            at: clock.now(),
          },
        ]);
      const started = await Promise.all(Array.from({ length: 8 }, start));
      expect(started.flat()).toHaveLength(1);
      const rows = await t.deps.db
        .selectFrom('workflowExecutions')
        .select(['id', 'status', 'entry'])
        .where('workflowId', '=', w.id)
        .execute();
      expect(rows).toEqual([{ id: started.flat()[0], status: 'RUNNING', entry: 1 }]);
    },
  );

  it.each([false, true])(
    'concurrent tracks and manual starts through HTTP start one contact once (reentry %s)',
    async (allowReentry) => {
      const p = await t.make.project();
      const w = await delayFlow(p, allowReentry);
      const first = await h.track(p, 'race@entry.test', 'other');
      const contactId = first.json().data.contact;
      const tracks = Array.from({ length: 8 }, () => h.track(p, 'race@entry.test', 'signup'));
      const starts = Array.from({ length: 8 }, () => h.api(p, 'POST', `/workflows/${w.id}/executions`, { contactId }));
      const [tracked, started] = await Promise.all([Promise.all(tracks), Promise.all(starts)]);
      expect(tracked).toHaveLength(8);
      // Every manual start that did not get in was told so; none failed otherwise.
      expect(started.filter((r) => r.statusCode !== 201 && r.statusCode !== 409)).toEqual([]);
      const executions = await h.executions(p, w.id);
      expect(executions.map((e) => [e.contactId, e.entry, e.status])).toEqual([[contactId, 1, 'RUNNING']]);
      expect(started.filter((r) => r.statusCode === 201).length).toBeLessThanOrEqual(1);
    },
  );

  /** Moves the clock just past the next full hour (UTC). */
  const pastNextHour = () => {
    const now = clock.now().getTime();
    clock.advance(HOUR - (now % HOUR) + MINUTE);
  };

  it('a SCHEDULE workflow starts one execution per contact at each fire time, once however often the tick runs', async () => {
    const p = await t.make.project();
    const contacts = await t.make.contacts(p, 3);
    const w = await h.build(p, {
      steps: [{ key: 'end', type: 'EXIT', config: { reason: 'hourly' } }],
      edges: [['trigger', 'end']],
      patch: { triggerType: 'SCHEDULE', triggerConfig: { schedule: '0 * * * *' }, allowReentry: true },
    });
    await scheduleTick(t.deps);
    await h.settle();
    expect(await h.executions(p, w.id)).toEqual([]);

    pastNextHour();
    await scheduleTick(t.deps);
    await h.settle();
    const first = await h.executions(p, w.id);
    expect(first.map((e) => e.contactId).sort()).toEqual(contacts.map((c) => c.id).sort());
    expect(first.every((e) => e.status === 'EXITED' && e.entry === 1)).toBe(true);
    expect(first[0]!.event).toMatchObject({ name: 'workflow.schedule' });

    // The same hour again (reentry is allowed and the first executions have ended): nothing starts.
    clock.advance(MINUTE);
    await scheduleTick(t.deps);
    await scheduleTick(t.deps);
    await h.settle();
    expect(await h.executions(p, w.id)).toHaveLength(3);

    pastNextHour();
    await scheduleTick(t.deps);
    await h.settle();
    const second = await h.executions(p, w.id);
    expect(second).toHaveLength(6);
    expect(
      second
        .filter((e) => e.entry === 2)
        .map((e) => e.contactId)
        .sort(),
    ).toEqual(contacts.map((c) => c.id).sort());
  });

  it('a SCHEDULE workflow with a segmentId starts only the segment’s contacts', async () => {
    const p = await t.make.project();
    const [ann] = await t.make.contacts(p, 3);
    const seg = (await h.api(p, 'POST', '/segments', { name: 'Chosen', type: 'STATIC' })).json();
    await h.api(p, 'POST', `/segments/${seg.id}/members`, { emails: [ann!.email] });
    const w = await h.build(p, {
      steps: [{ key: 'end', type: 'EXIT', config: {} }],
      edges: [['trigger', 'end']],
      patch: { triggerType: 'SCHEDULE', triggerConfig: { schedule: '0 * * * *', segmentId: seg.id } },
    });
    pastNextHour();
    await scheduleTick(t.deps);
    await h.settle();
    expect((await h.executions(p, w.id)).map((e) => e.contactId)).toEqual([ann!.id]);
  });

  it('a SCHEDULE fan-out stopped mid-walk (SIGTERM) hands over its cursor; the rest start once', async () => {
    const p = await t.make.project();
    const audience = 1200;
    const csv = `email\n${Array.from({ length: audience }, (_, i) => `s${i}@fan.test`).join('\n')}\n`;
    expect((await uploadCsv(t.app, p.auth, csv)).statusCode).toBe(202);
    await t.deps.jobs.drain();
    const w = await h.build(p, {
      steps: [{ key: 'end', type: 'EXIT', config: {} }],
      edges: [['trigger', 'end']],
      patch: { triggerType: 'SCHEDULE', triggerConfig: { schedule: '0 * * * *' } },
    });
    pastNextHour();
    await scheduleTick(t.deps);
    const fanout = await t.deps.db
      .selectFrom('workflowFanouts')
      .select('id')
      .where('workflowId', '=', w.id)
      .executeTakeFirstOrThrow();
    const started = async () =>
      Number(
        (
          await t.deps.db
            .selectFrom('workflowExecutions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('workflowId', '=', w.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    // The run in a process that has begun to stop: one batch, then the row is released.
    await runFanout(t.deps, fanout.id, AbortSignal.abort());
    const first = await started();
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(audience);
    const row = await t.deps.db
      .selectFrom('workflowFanouts')
      .selectAll()
      .where('id', '=', fanout.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'processing', leaseUntil: null, started: first });
    await h.settle();
    expect(await started()).toBe(audience);
    expect(
      await t.deps.db.selectFrom('workflowFanouts').select('status').where('id', '=', fanout.id).executeTakeFirst(),
    ).toEqual({ status: 'completed' });
  });
});
