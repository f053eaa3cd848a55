// Invariant: a compiled filter selects exactly the contacts its conditions describe, on both databases: typed comparisons
// never match a value of another JSON type (nor fail on one), negations are the exact complement (missing keys included),
// dates compare as instants with inclusive `within` bounds, and page, count and per-contact evaluation agree.

import { beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/lib/clock.ts';
import { findMatchingContacts } from '../../src/segments/audience.repo.ts';
import { loadFilterEnv } from '../../src/segments/audience.ts';
import { checkFilter } from '../../src/segments/filters/check.ts';
import { compileFilter } from '../../src/segments/filters/compile.ts';
import { parseFilterInput } from '../../src/segments/filters/parse.ts';
import type { FilterEnv } from '../../src/segments/filters/tree.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { andOf, membersOf } from './filters-helpers.ts';

const NOW = new Date('2026-04-01T00:00:00.000Z');

// Types are fixed by ann, created first: plan/note string, age number, vip boolean, renewsAt date, profile.tier string.
const CONTACTS: [string, Date, Record<string, unknown>, boolean?][] = [
  [
    'ann',
    new Date('2026-01-01T00:00:00.000Z'),
    {
      plan: 'pro',
      age: 40,
      vip: true,
      renewsAt: '2026-03-01',
      profile: { tier: 'Gold' },
      note: 'likes 100%_off deals',
    },
  ],
  [
    'bob',
    new Date('2025-12-31T23:59:59.999Z'),
    { plan: 'free', age: 25, vip: false, renewsAt: '2026-03-01T00:00:00Z', profile: { tier: 'silver' } },
  ],
  [
    'cat',
    new Date('2026-03-15T00:00:00.000Z'),
    { plan: 'Pro', age: '40', vip: 'yes', renewsAt: 'soon', profile: { tier: 5 } },
  ],
  ['dan', new Date('2026-03-15T00:00:00.000Z'), {}],
  [
    'eve',
    new Date('2026-03-15T00:00:00.000Z'),
    { plan: 'pro_plan', age: 30, vip: true, renewsAt: '2026-03-01T00:00:00.000Z', note: '100 percent' },
  ],
  ['fay', new Date('2026-03-15T00:00:00.000Z'), { plan: 7, age: true, renewsAt: 20260301 }, false],
  ['gus_g', new Date('2026-03-15T00:00:00.000Z'), { plan: 'PRO', age: 0, renewsAt: '2026-02-31' }],
];
const ALL = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus_g'];
const except = (...names: string[]) => ALL.filter((n) => !names.includes(n));

describe.each(DIALECTS)('filter language on %s', (dialect) => {
  const clock = manualClock();
  const t = useTestEnv({ dialect, clock });
  let projectId: string;
  let env: FilterEnv;
  let ids: string[];

  beforeAll(async () => {
    projectId = (await t.make.project()).id;
    ids = [];
    for (const [name, at, data, subscribed] of CONTACTS) {
      clock.set(at);
      ids.push(
        (await t.make.contact({ id: projectId }, { email: `${name}@x.test`, data, subscribed: subscribed ?? true })).id,
      );
    }
    env = { ...(await loadFilterEnv(t.deps, projectId)), now: NOW };
  });

  const members = (...conditions: Record<string, unknown>[]) =>
    membersOf(t, projectId, env, andOf(env, ...conditions), ids);
  const expectCases = async (cases: [Record<string, unknown>, string[]][]) => {
    for (const [condition, expected] of cases) {
      expect({ condition, got: await members(condition) }).toEqual({ condition, got: expected });
    }
  };

  it('compares emails ignoring case, with LIKE wildcards in values taken literally', async () => {
    await expectCases([
      [{ field: 'email', operator: 'equals', value: 'ANN@X.test' }, ['ann']],
      [{ field: 'email', operator: 'notEquals', value: 'ann@x.test' }, except('ann')],
      [{ field: 'email', operator: 'contains', value: '_' }, ['gus_g']],
      [{ field: 'email', operator: 'notContains', value: 'A' }, ['bob', 'eve', 'gus_g']],
      [{ field: 'email', operator: 'startsWith', value: 'B' }, ['bob']],
      [{ field: 'email', operator: 'endsWith', value: 's_g@x.test' }, ['gus_g']],
      [{ field: 'email', operator: 'in', value: ['ann@x.test', 'BOB@x.test'] }, ['ann', 'bob']],
      [{ field: 'email', operator: 'notIn', value: ['ann@x.test'] }, except('ann')],
      [{ field: 'email', operator: 'exists' }, ALL],
      [{ field: 'email', operator: 'notExists' }, []],
    ]);
  });

  it('compares subscribed and the timestamps, with inclusive within bounds', async () => {
    await expectCases([
      [{ field: 'subscribed', operator: 'equals', value: false }, ['fay']],
      [{ field: 'subscribed', operator: 'notEquals', value: false }, except('fay')],
      [{ field: 'createdAt', operator: 'within', value: 90, unit: 'days' }, except('bob')],
      [{ field: 'createdAt', operator: 'olderThan', value: 90, unit: 'days' }, ['bob']],
      [{ field: 'createdAt', operator: 'within', value: 3, unit: 'months' }, except('bob')],
      [{ field: 'createdAt', operator: 'within', value: 2160, unit: 'hours' }, except('bob')],
      [{ field: 'createdAt', operator: 'within', value: 129600, unit: 'minutes' }, except('bob')],
      [
        { field: 'createdAt', operator: 'olderThan', value: 2, unit: 'weeks' },
        ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus_g'],
      ],
      [{ field: 'createdAt', operator: 'equals', value: '2026-01-01' }, ['ann']],
      [{ field: 'createdAt', operator: 'equals', value: '2026-01-01T00:00:00Z' }, ['ann']],
      [{ field: 'createdAt', operator: 'gt', value: '2026-01-01' }, except('ann', 'bob')],
      [{ field: 'createdAt', operator: 'gte', value: '2026-01-01' }, except('bob')],
      [{ field: 'createdAt', operator: 'lt', value: '2026-01-01T00:00:00.000Z' }, ['bob']],
      [{ field: 'updatedAt', operator: 'lte', value: '2026-01-01' }, ['ann', 'bob']],
    ]);
  });

  it('compares custom strings: equals and in exactly, contains and friends in any case', async () => {
    await expectCases([
      [{ field: 'data.plan', operator: 'equals', value: 'pro' }, ['ann']],
      [{ field: 'data.plan', operator: 'notEquals', value: 'pro' }, except('ann')],
      [{ field: 'data.plan', operator: 'contains', value: 'PRO' }, ['ann', 'cat', 'eve', 'gus_g']],
      [{ field: 'data.plan', operator: 'notContains', value: 'pro' }, ['bob', 'dan', 'fay']],
      [{ field: 'data.plan', operator: 'startsWith', value: 'pr' }, ['ann', 'cat', 'eve', 'gus_g']],
      [{ field: 'data.plan', operator: 'endsWith', value: '_plan' }, ['eve']],
      [{ field: 'data.plan', operator: 'in', value: ['pro', 'free', '7'] }, ['ann', 'bob']],
      [{ field: 'data.plan', operator: 'notIn', value: ['pro', 'free'] }, except('ann', 'bob')],
      [{ field: 'data.plan', operator: 'exists' }, except('dan')],
      [{ field: 'data.plan', operator: 'notExists' }, ['dan']],
      [{ field: 'data.note', operator: 'contains', value: '100%_' }, ['ann']],
      [{ field: 'data.profile.tier', operator: 'equals', value: 'Gold' }, ['ann']],
      [{ field: 'data.profile.tier', operator: 'contains', value: 'L' }, ['ann', 'bob']],
      [{ field: 'data.profile.tier', operator: 'exists' }, ['ann', 'bob', 'cat']],
    ]);
  });

  it('compares custom numbers only with numbers (never strings, nor booleans read as 0/1)', async () => {
    await expectCases([
      [{ field: 'data.age', operator: 'gt', value: 30 }, ['ann']],
      [{ field: 'data.age', operator: 'gte', value: 30 }, ['ann', 'eve']],
      [{ field: 'data.age', operator: 'gt', value: 29.999 }, ['ann', 'eve']],
      [{ field: 'data.age', operator: 'gt', value: 2 ** 60 }, []],
      [{ field: 'data.age', operator: 'gt', value: -1 }, ['ann', 'bob', 'eve', 'gus_g']],
      [{ field: 'data.age', operator: 'lt', value: 35 }, ['bob', 'eve', 'gus_g']],
      [{ field: 'data.age', operator: 'lte', value: 30 }, ['bob', 'eve', 'gus_g']],
      [{ field: 'data.age', operator: 'lt', value: 5 }, ['gus_g']],
      [{ field: 'data.age', operator: 'equals', value: 30 }, ['eve']],
      [{ field: 'data.age', operator: 'equals', value: 1 }, []],
      [{ field: 'data.age', operator: 'equals', value: 40 }, ['ann']],
      [{ field: 'data.age', operator: 'notEquals', value: 40 }, except('ann')],
      [{ field: 'data.age', operator: 'in', value: [0, 1, 25] }, ['bob', 'gus_g']],
      [{ field: 'data.age', operator: 'in', value: [25, 40] }, ['ann', 'bob']],
      [{ field: 'data.age', operator: 'notIn', value: [25, 40] }, except('ann', 'bob')],
    ]);
  });

  it('compares custom booleans and dates by type; date strings of any accepted form name the same instant', async () => {
    await expectCases([
      [{ field: 'data.vip', operator: 'equals', value: true }, ['ann', 'eve']],
      [{ field: 'data.vip', operator: 'equals', value: false }, ['bob']],
      [{ field: 'data.vip', operator: 'notEquals', value: true }, except('ann', 'eve')],
      [{ field: 'data.renewsAt', operator: 'within', value: 31, unit: 'days' }, ['ann', 'bob', 'eve']],
      [{ field: 'data.renewsAt', operator: 'within', value: 1, unit: 'months' }, ['ann', 'bob', 'eve']],
      // 2026-02-31 is no day, but it is stored (any value is): it compares as the text it is, and fails nothing.
      [{ field: 'data.renewsAt', operator: 'olderThan', value: 31, unit: 'days' }, ['gus_g']],
      [{ field: 'data.renewsAt', operator: 'equals', value: '2026-03-01' }, ['ann', 'bob', 'eve']],
      [{ field: 'data.renewsAt', operator: 'equals', value: '2026-03-01T00:00:00.000Z' }, ['ann', 'bob', 'eve']],
      [{ field: 'data.renewsAt', operator: 'notEquals', value: '2026-03-01T00:00:00Z' }, except('ann', 'bob', 'eve')],
      [{ field: 'data.renewsAt', operator: 'gt', value: '2026-02-28' }, ['ann', 'bob', 'eve', 'gus_g']],
      [{ field: 'data.renewsAt', operator: 'lt', value: '2026-03-01T00:00:00.001Z' }, ['ann', 'bob', 'eve', 'gus_g']],
      [{ field: 'data.renewsAt', operator: 'lte', value: '2026-02-28T23:59:59Z' }, []],
      [{ field: 'data.renewsAt', operator: 'exists' }, except('dan')],
    ]);
  });

  it('joins conditions by AND and OR at any depth, the same through either body form', async () => {
    const flat = [
      { field: 'data.plan', operator: 'equals', value: 'pro' },
      { field: 'data.age', operator: 'gt', value: 30 },
      { field: 'createdAt', operator: 'within', value: 90, unit: 'days' },
    ];
    expect(await members(...flat)).toEqual(['ann']);
    const viaCondition = parseFilterInput({ condition: { logic: 'AND', groups: [{ filters: flat }] } })!;
    expect(await membersOf(t, projectId, env, viaCondition, ids)).toEqual(['ann']);
    const nested = parseFilterInput({
      condition: {
        logic: 'OR',
        groups: [
          { filters: [{ field: 'data.plan', operator: 'equals', value: 'free' }] },
          {
            filters: [{ field: 'data.age', operator: 'gte', value: 30 }],
            conditions: {
              logic: 'OR',
              groups: [{ filters: [{ field: 'data.vip', operator: 'equals', value: true }] }],
            },
          },
        ],
      },
    })!;
    checkFilter(nested, env, { at: 'condition' });
    expect(await membersOf(t, projectId, env, nested, ids)).toEqual(['ann', 'bob', 'eve']);
    const either = parseFilterInput({
      filters: {
        operator: 'OR',
        conditions: [{ field: 'email', operator: 'startsWith', value: 'd' }, { conditions: flat }],
      },
    })!;
    expect(await membersOf(t, projectId, env, either, ids)).toEqual(['ann', 'dan']);
    expect(await membersOf(t, projectId, env, { logic: 'AND', conditions: [] }, ids)).toEqual(ALL);
    expect(await membersOf(t, projectId, env, { logic: 'OR', conditions: [] }, ids)).toEqual([]);
  });

  it('agrees, contact by contact, with the full evaluation', async () => {
    const tree = andOf(
      env,
      { field: 'data.age', operator: 'lt', value: 35 },
      { field: 'data.plan', operator: 'notEquals', value: 'free' },
    );
    const all = await membersOf(t, projectId, env, tree, ids);
    expect(all).toEqual(['eve', 'gus_g']);
    const where = compileFilter(tree, env, { dialect: t.deps.dialect, projectId });
    const one = await Promise.all(ids.map((id) => findMatchingContacts(t.deps.db, projectId, where, [id])));
    const byId = CONTACTS.filter((_, i) => one[i]!.length === 1).map(([name]) => name);
    expect(byId).toEqual(all);
  });
});
