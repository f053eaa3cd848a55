// Invariant: event, email and segment conditions select exactly the contacts whose rows (events, outbox emails, segment
// members or a dynamic segment's own filter) satisfy them, counting at most what they need, within the project only.

import { beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/lib/clock.ts';
import { loadFilterEnv } from '../../src/segments/audience.ts';
import type { FilterEnv } from '../../src/segments/filters/tree.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { andOf, insertEmailWith, insertEvent, insertSegment, membersOf } from './filters-helpers.ts';

const NOW = new Date('2026-04-01T00:00:00.000Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
const NAMES = ['ann', 'bob', 'cat', 'dan', 'eve'];
const except = (...names: string[]) => NAMES.filter((n) => !names.includes(n));

describe.each(DIALECTS)('filter language over activity on %s', (dialect) => {
  const t = useTestEnv({ dialect, clock: manualClock(ago(100)) });
  let projectId: string;
  let env: FilterEnv;
  let ids: string[];

  beforeAll(async () => {
    projectId = (await t.make.project()).id;
    ids = [];
    for (const name of NAMES) {
      const data = name === 'ann' ? { plan: 'pro' } : {};
      ids.push((await t.make.contact({ id: projectId }, { email: `${name}@x.test`, data })).id);
    }
    const [ann, bob, cat, dan] = ids as [string, string, string, string];
    // ann bought three times (1, 10 and 40 days ago), bob once (40 days ago, exactly at a 40-day bound), cat signed up.
    for (const days of [1, 10, 40]) await insertEvent(t, projectId, ann, 'purchase', ago(days));
    await insertEvent(t, projectId, bob, 'purchase', ago(40));
    await insertEvent(t, projectId, cat, 'signup', ago(1));
    // Another project's event about ann never counts for this project.
    const other = await t.make.project();
    await insertEvent(t, other.id, ann, 'ghost', ago(1));

    await insertEmailWith(t, projectId, ann, { sentAt: ago(2), deliveredAt: ago(2), openedAt: ago(2) });
    await insertEmailWith(t, projectId, ann, { sentAt: ago(3) });
    await insertEmailWith(t, projectId, bob, { sentAt: ago(60), openedAt: ago(60), clickedAt: ago(59) });
    await insertEmailWith(t, projectId, cat, { sentAt: ago(5), complainedAt: ago(4) });
    await insertEmailWith(t, projectId, dan, { bouncedAt: ago(1) });

    const envBefore = { ...(await loadFilterEnv(t.deps, projectId)), now: NOW };
    await insertSegment(t, projectId, { id: 'static1', members: [ann, dan] });
    await insertSegment(t, projectId, {
      id: 'pro',
      filter: andOf(envBefore, { field: 'data.plan', operator: 'equals', value: 'pro' }),
    });
    const proOrBob = {
      logic: 'OR' as const,
      conditions: [
        { field: 'segment.pro', operator: 'memberOfSegment' as const },
        { field: 'email', operator: 'startsWith' as const, value: 'bob' },
      ],
    };
    await insertSegment(t, projectId, { id: 'proOrBob', filter: proOrBob });
    // A loop stored before checks existed: it must compile (to no members), not recurse forever.
    await insertSegment(t, projectId, {
      id: 'loop1',
      filter: { logic: 'AND', conditions: [{ field: 'segment.loop2', operator: 'memberOfSegment' }] },
    });
    await insertSegment(t, projectId, {
      id: 'loop2',
      filter: { logic: 'AND', conditions: [{ field: 'segment.loop1', operator: 'memberOfSegment' }] },
    });
    env = { ...(await loadFilterEnv(t.deps, projectId)), now: NOW };
  });

  const expectCases = async (cases: [Record<string, unknown>, string[]][]) => {
    for (const [condition, expected] of cases) {
      const tree =
        condition.field === 'segment.loop1'
          ? { logic: 'AND' as const, conditions: [condition as never] }
          : andOf(env, condition);
      expect({ condition, got: await membersOf(t, projectId, env, tree, ids) }).toEqual({ condition, got: expected });
    }
  };

  it('counts events by name, window and count', async () => {
    await expectCases([
      [{ field: 'event.purchase', operator: 'triggered' }, ['ann', 'bob']],
      [{ field: 'event.purchase', operator: 'triggered', count: 3 }, ['ann']],
      [{ field: 'event.purchase', operator: 'triggered', count: 4 }, []],
      [{ field: 'event.purchase', operator: 'triggeredWithin', value: 7, unit: 'days' }, ['ann']],
      [{ field: 'event.purchase', operator: 'triggeredWithin', value: 40, unit: 'days' }, ['ann', 'bob']],
      [{ field: 'event.purchase', operator: 'triggeredWithin', value: 30, unit: 'days', count: 2 }, ['ann']],
      [{ field: 'event.purchase', operator: 'triggeredWithin', value: 30, unit: 'days', count: 3 }, []],
      [{ field: 'event.purchase', operator: 'triggeredOlderThan', value: 30, unit: 'days' }, ['ann', 'bob']],
      [{ field: 'event.purchase', operator: 'triggeredOlderThan', value: 40, unit: 'days' }, []],
      [{ field: 'event.purchase', operator: 'notTriggered' }, ['cat', 'dan', 'eve']],
      [{ field: 'event.purchase', operator: 'notTriggered', count: 2 }, except('ann')],
      [{ field: 'event.purchase', operator: 'notTriggeredWithin', value: 1, unit: 'weeks' }, except('ann')],
      [{ field: 'event.purchase', operator: 'notTriggeredWithin', value: 1, unit: 'months', count: 2 }, except('ann')],
      [{ field: 'event.signup', operator: 'triggeredWithin', value: 24, unit: 'hours' }, ['cat']],
      [{ field: 'event.signup', operator: 'triggeredWithin', value: 1439, unit: 'minutes' }, []],
      [{ field: 'event.ghost', operator: 'triggered' }, []],
    ]);
  });

  it('counts emails by the fact set on them, in a window measured on that fact', async () => {
    await expectCases([
      [{ field: 'email.sent', operator: 'triggered' }, ['ann', 'bob', 'cat']],
      [{ field: 'email.sent', operator: 'triggered', count: 2 }, ['ann']],
      [{ field: 'email.delivered', operator: 'triggered' }, ['ann']],
      [{ field: 'email.opened', operator: 'triggered' }, ['ann', 'bob']],
      [{ field: 'email.opened', operator: 'triggeredWithin', value: 7, unit: 'days' }, ['ann']],
      [{ field: 'email.opened', operator: 'triggeredOlderThan', value: 30, unit: 'days' }, ['bob']],
      [{ field: 'email.opened', operator: 'notTriggered' }, ['cat', 'dan', 'eve']],
      [{ field: 'email.opened', operator: 'notTriggeredWithin', value: 7, unit: 'days' }, except('ann')],
      [{ field: 'email.clicked', operator: 'triggered' }, ['bob']],
      [{ field: 'email.complained', operator: 'triggered' }, ['cat']],
      [{ field: 'email.bounced', operator: 'triggeredWithin', value: 2, unit: 'days' }, ['dan']],
    ]);
  });

  it('selects segment members: static rows, dynamic filters inlined (nested too), loops as empty', async () => {
    await expectCases([
      [{ field: 'segment.static1', operator: 'memberOfSegment' }, ['ann', 'dan']],
      [{ field: 'segment.static1', operator: 'notMemberOfSegment' }, ['bob', 'cat', 'eve']],
      [{ field: 'segment.pro', operator: 'memberOfSegment' }, ['ann']],
      [{ field: 'segment.proOrBob', operator: 'memberOfSegment' }, ['ann', 'bob']],
      [{ field: 'segment.proOrBob', operator: 'notMemberOfSegment' }, ['cat', 'dan', 'eve']],
      [{ field: 'segment.loop1', operator: 'memberOfSegment' }, []],
    ]);
  });

  it('combines activity with contact fields', async () => {
    const tree = andOf(
      env,
      { field: 'event.purchase', operator: 'triggered' },
      { field: 'email.opened', operator: 'notTriggeredWithin', value: 30, unit: 'days' },
      { field: 'segment.static1', operator: 'notMemberOfSegment' },
    );
    expect(await membersOf(t, projectId, env, tree, ids)).toEqual(['bob']);
  });
});
