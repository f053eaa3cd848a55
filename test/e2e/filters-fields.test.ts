// Invariant: a `data.<path>` is never an unknown field. A condition on a path no contact has yet is
// accepted with any value operator (segments, campaign audiences, workflow conditions), and once data
// arrives a contact matches only when its value has the type the operator compares; an operator is
// checked against a field's type only once that type is known. A condition on a deleted field matches
// nothing, negated or not, until a write records the field again.
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { expectError } from './support.ts';
import { workflowHelpers } from './workflow-helpers.ts';

type Json = Record<string, unknown>;
type Condition = { field: string; operator: string; value?: unknown; unit?: string };
const all = (...conditions: Array<Condition | Json>) => ({ operator: 'AND', conditions });
const exit = (key: string) => ({ key, type: 'EXIT', config: { reason: key } });

describe.each(DIALECTS)('conditions on new and deleted fields on %s', (dialect) => {
  const t = useTestEnv({ dialect });
  const h = workflowHelpers(t);
  const { api } = h;

  const segment = async (p: TestProject, filters: Json) => {
    const res = await api(p, 'POST', '/segments', { name: `S${Math.random()}`, filters });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  /** The local parts of the segment's members, live, sorted. */
  const members = async (p: TestProject, id: string) => {
    const res = await api(p, 'GET', `/segments/${id}/contacts?pageSize=100`);
    expect(res.statusCode, res.body).toBe(200);
    return res
      .json()
      .data.map((c: { email: string }) => c.email.split('@')[0])
      .sort();
  };
  const audience = async (p: TestProject, audienceFilter: Json) => {
    const res = await api(p, 'POST', '/campaigns/audience', { audienceType: 'FILTERED', audienceFilter });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().matching as number;
  };
  const contact = async (p: TestProject, email: string, data: Json) => {
    const res = await api(p, 'POST', '/contacts', { email, data });
    expect(res.statusCode, res.body).toBeLessThan(300);
  };
  /** trigger `go` → CONDITION → EXIT yes | EXIT no. */
  const branch = (p: TestProject, config: Json) =>
    h.build(p, {
      eventName: 'go',
      steps: [{ key: 'test', type: 'CONDITION', config }, exit('yes'), exit('no')],
      edges: [
        ['trigger', 'test'],
        ['test', 'yes', 'yes'],
        ['test', 'no', 'no'],
      ],
    });
  /** Runs the workflow for each email; answers the exit reason by local part. */
  const runFor = async (p: TestProject, workflowId: string, emails: string[]) => {
    for (const email of emails) await h.track(p, email, 'go');
    await h.settle();
    const byId = new Map<string, string>();
    for (const e of await h.executions(p, workflowId)) byId.set(e.contactId as string, e.exitReason as string);
    const out: Record<string, string> = {};
    for (const email of emails) {
      const found = (await api(p, 'POST', '/contacts/lookup', { emails: [email] })).json().found[0];
      out[email.split('@')[0]!] = byId.get(found.id)!;
    }
    return out;
  };

  it('accepts a condition on a field no contact has yet in segments, audiences and workflows', async () => {
    const p = await t.make.project();
    const pro = all({ field: 'data.plan', operator: 'equals', value: 'pro' });
    const many = all({ field: 'data.seats', operator: 'gt', value: 3 });
    const soon = all({ field: 'data.trialEnds', operator: 'within', value: 3, unit: 'days' });
    const proSegment = await segment(p, pro);
    const manySegment = await segment(p, many);
    await segment(p, soon);
    const campaign = await api(p, 'POST', '/campaigns', {
      name: 'Pros',
      subject: 'Hi',
      body: '<p>Hi</p>',
      from: 'news@example.test',
      audienceType: 'FILTERED',
      audienceFilter: pro,
    });
    expect(campaign.statusCode, campaign.body).toBe(201);
    const flow = await branch(p, { field: 'data.plan', operator: 'equals', value: 'pro' });
    expect(await members(p, proSegment)).toEqual([]);

    // The data arrives: the first value fixes each type (plan: string, seats: string).
    await contact(p, 'ann@new.test', { plan: 'pro', seats: 'many' });
    await contact(p, 'bob@new.test', { plan: 7, seats: 5 });
    await contact(p, 'cara@new.test', {});
    // A value of another type than the operator compares does not match: bob's plan 7, ann's seats 'many'.
    expect(await members(p, proSegment)).toEqual(['ann']);
    expect(await members(p, manySegment)).toEqual(['bob']);
    expect(await audience(p, pro)).toBe(1);
    expect(await runFor(p, flow.id, ['ann@new.test', 'bob@new.test', 'cara@new.test'])).toEqual({
      ann: 'yes',
      bob: 'no',
      cara: 'no',
    });

    // Now that the types are known, an operator that does not fit them is refused.
    for (const filters of [
      all({ field: 'data.plan', operator: 'gt', value: 1 }),
      all({ field: 'data.seats', operator: 'within', value: 1, unit: 'days' }),
    ]) {
      const res = await api(p, 'POST', '/segments', { name: 'Bad', filters });
      expect(expectError(res, 422, 'VALIDATION_ERROR').errors![0]).toMatchObject({
        field: 'filters.conditions[0].operator',
      });
    }
    const step = await api(p, 'POST', `/workflows/${flow.id}/steps`, {
      type: 'CONDITION',
      config: { field: 'data.plan', operator: 'lt', value: 3 },
    });
    expect(expectError(step, 422, 'VALIDATION_ERROR').errors![0]).toMatchObject({ field: 'config.operator' });
  });

  it('refuses what is no field at all, and data paths with an operator no value takes', async () => {
    const p = await t.make.project();
    for (const [condition, field] of [
      [{ field: 'data', operator: 'exists' }, 'filters.conditions[0].field'],
      [{ field: 'plan', operator: 'equals', value: 'pro' }, 'filters.conditions[0].field'],
      [{ field: 'data.plan', operator: 'triggered' }, 'filters.conditions[0].operator'],
      [{ field: 'data.plan', operator: 'memberOfSegment' }, 'filters.conditions[0].operator'],
    ] as const) {
      const res = await api(p, 'POST', '/segments', { name: 'Bad', filters: all(condition) });
      expect(expectError(res, 422, 'VALIDATION_ERROR').errors![0], JSON.stringify(condition)).toMatchObject({ field });
    }
    expect((await api(p, 'GET', '/segments')).json()).toEqual([]);
  });

  it('matches nothing on a deleted field, negated conditions included, until the field is recorded again', async () => {
    const p = await t.make.project();
    await contact(p, 'ann@gone.test', { plan: 'pro', profile: { tier: 'gold' } });
    await contact(p, 'bob@gone.test', { plan: 'free' });
    await contact(p, 'cara@gone.test', {});
    const cases: Array<[Condition, string[]]> = [
      [{ field: 'data.plan', operator: 'equals', value: 'pro' }, ['ann']],
      [{ field: 'data.plan', operator: 'exists' }, ['ann', 'bob']],
      [{ field: 'data.plan', operator: 'notExists' }, ['cara']],
      [{ field: 'data.plan', operator: 'notEquals', value: 'pro' }, ['bob', 'cara']],
      [{ field: 'data.plan', operator: 'notContains', value: 'fr' }, ['ann', 'cara']],
      [{ field: 'data.plan', operator: 'notIn', value: ['free'] }, ['ann', 'cara']],
    ];
    const ids = await Promise.all(cases.map(([c]) => segment(p, all(c))));
    // Only the deleted condition matches nothing: the other side of an OR still selects.
    const either = await segment(p, {
      operator: 'OR',
      conditions: [
        { field: 'data.plan', operator: 'notExists' },
        { field: 'email', operator: 'startsWith', value: 'bob' },
      ],
    });
    const flow = await branch(p, { field: 'data.plan', operator: 'notExists' });
    for (const [i, [, expected]] of cases.entries()) expect(await members(p, ids[i]!)).toEqual(expected);
    expect(await members(p, either)).toEqual(['bob', 'cara']);

    const deleted = await api(p, 'DELETE', '/contacts/fields/data.plan');
    expect(deleted.statusCode, deleted.body).toBe(200);
    // At once, before the job has removed the key from the contacts, and after it.
    for (const drained of [false, true]) {
      if (drained) await t.deps.jobs.drain();
      for (const [i, [c]] of cases.entries()) expect(await members(p, ids[i]!), `${c.operator} ${drained}`).toEqual([]);
      expect(await members(p, either)).toEqual(['bob']);
      expect(await audience(p, all({ field: 'data.plan', operator: 'notExists' }))).toBe(0);
    }
    expect(await runFor(p, flow.id, ['cara@gone.test'])).toEqual({ cara: 'no' });

    // A nested key under a deleted parent is gone too.
    const tier = await segment(p, all({ field: 'data.profile.tier', operator: 'notEquals', value: 'silver' }));
    expect(await members(p, tier)).toEqual(['ann', 'bob', 'cara']);
    expect((await api(p, 'DELETE', '/contacts/fields/data.profile')).statusCode).toBe(200);
    expect(await members(p, tier)).toEqual([]);

    // A write records the field again: it is a field like any other from then on.
    await contact(p, 'dan@gone.test', { plan: 'pro' });
    expect(await members(p, ids[0]!)).toEqual(['dan']);
    expect(await members(p, ids[2]!)).toEqual(['ann', 'bob', 'cara']);
    expect(await members(p, either)).toEqual(['ann', 'bob', 'cara']);
  });
});
