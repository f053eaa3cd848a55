// Invariant: a workflow DELAY `until` a local time (beyond.md §9) waits to the next such time in the
// contact's zone (data.timezone when it is an IANA name, else the project's), on the listed weekdays,
// counted from the arrival at the step; a bad `until` is a 422 naming the field.
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../src/lib/clock.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { expectError, fieldNames } from './support.ts';
import { workflowHelpers } from './workflow-helpers.ts';

// Saturday 2030-03-09, 20:00 UTC; New York moves to EDT on Sunday 2030-03-10.
const T0 = new Date('2030-03-09T20:00:00.000Z');

describe.each(DIALECTS)('workflow DELAY until a local time on %s', (dialect) => {
  const clock = manualClock(T0);
  const t = useTestEnv({ dialect, clock });
  const h = workflowHelpers(t);
  const zone = (p: TestProject, timezone: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/users/@me/projects/${p.id}`,
      headers: { cookie: p.owner.cookie },
      payload: { timezone },
    });

  it("waits to Monday 09:00 in each contact's zone, the project's where the contact names none", async () => {
    clock.set(T0);
    const p = await t.make.project();
    expect((await zone(p, 'America/New_York')).statusCode).toBe(200);
    const w = await h.build(p, {
      eventName: 'signup',
      steps: [
        { key: 'wait', type: 'DELAY', config: { until: { localTime: '09:00', days: ['MON'] } } },
        { key: 'done', type: 'EXIT', config: { reason: 'monday' } },
      ],
      edges: [
        ['trigger', 'wait'],
        ['wait', 'done'],
      ],
    });
    const tokyo = await t.make.contact(p, { email: 'tokyo@delay.test', data: { timezone: 'Asia/Tokyo' } });
    const ny = await t.make.contact(p, { email: 'ny@delay.test', data: { timezone: 'Nowhere/Else' } });
    await h.track(p, tokyo.email, 'signup');
    await h.track(p, ny.email, 'signup');
    await h.settle();
    const byContact = async () => new Map((await h.executions(p, w.id)).map((e) => [e.contactId as string, e]));
    let now = await byContact();
    // Monday 09:00 in Tokyo is 00:00Z; in New York, on EDT since Sunday, 13:00Z.
    expect(now.get(tokyo.id)).toMatchObject({ status: 'WAITING', dueAt: '2030-03-11T00:00:00.000Z' });
    expect(now.get(ny.id)).toMatchObject({ status: 'WAITING', dueAt: '2030-03-11T13:00:00.000Z' });

    clock.set(new Date('2030-03-11T00:00:00.000Z'));
    await h.settle();
    now = await byContact();
    expect(now.get(tokyo.id)).toMatchObject({ status: 'EXITED', exitReason: 'monday' });
    expect(now.get(ny.id)).toMatchObject({ status: 'WAITING' });
    clock.set(new Date('2030-03-11T13:00:00.000Z'));
    await h.settle();
    expect((await byContact()).get(ny.id)).toMatchObject({ status: 'EXITED', exitReason: 'monday' });
  });

  it('refuses a bad until with 422 naming the field', async () => {
    const p = await t.make.project();
    const w = await h.create(p);
    const bad: [object, string][] = [
      [{ until: { localTime: '9am' } }, 'config.until.localTime'],
      [{ until: { localTime: '09:00', days: ['MON', 'FUNDAY'] } }, 'config.until.days'],
      [{ until: { localTime: '09:00', days: [] } }, 'config.until.days'],
      [{ until: { localTime: '09:00', days: ['MON', 'MON'] } }, 'config.until.days'],
      [{ until: { localTime: '09:00' }, amount: 1, unit: 'hours' }, 'config.until'],
      [{ until: '09:00' }, 'config.until'],
    ];
    for (const [config, field] of bad) {
      const res = await h.api(p, 'POST', `/workflows/${w.id}/steps`, { type: 'DELAY', config });
      const error = expectError(res, 422, 'VALIDATION_ERROR');
      expect(fieldNames(error), JSON.stringify(config)).toContain(field);
    }
  });
});
