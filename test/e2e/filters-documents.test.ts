// Invariant: a workflow condition's `event.<path>` (value operators) and `workflow.<path>` select a contact exactly when
// `data.<path>` of an unrecorded type would if the contact's data were that document: one compiled SQL condition, the
// documents bound as parameters, the same typed comparisons on both databases. Values are bound, never spliced in, and
// segments keep refusing these fields.

import type { LightMyRequestResponse } from 'fastify';
import { type SqlBool, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { isIsoDate } from '../../src/contacts/data-rules.ts';
import { toJson } from '../../src/db/codecs.ts';
import { findMatchingContacts } from '../../src/segments/audience.repo.ts';
import { loadFilterEnv } from '../../src/segments/audience.ts';
import { checkFilter } from '../../src/segments/filters/check.ts';
import { compileFilter } from '../../src/segments/filters/compile.ts';
import { parseFilterInput } from '../../src/segments/filters/parse.ts';
import type { FilterDocuments, FilterEnv, FilterGroup } from '../../src/segments/filters/tree.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { insertEvent } from './filters-helpers.ts';
import { expectError } from './support.ts';

const NOW = new Date('2026-04-01T00:00:00.000Z');
const MISSING = Symbol('missing');

// Every value sits at `v` and at `n.v`; the documents are these objects exactly, nulls and empty strings included.
const VALUES: unknown[] = [
  'pro',
  'Pro',
  'PRO_plan',
  '',
  "it's",
  'back\\slash',
  '100%_off',
  30,
  0,
  1,
  -2.5,
  40,
  2 ** 60,
  1e21,
  true,
  false,
  '2026-03-01',
  '2026-03-01T00:00:00Z',
  '2026-03-01T00:00:00.000Z',
  '2026-02-31',
  '2026-03-31T23:59:59.999Z',
  'soon',
  null,
  { v: 'pro' },
  ['pro', 30],
  MISSING,
];
const DOCS: Record<string, unknown>[] = [
  ...VALUES.map((v) => (v === MISSING ? {} : { v, n: { v } })),
  { n: 'pro' },
  { n: null, v: { n: { v: 30 } } },
];

const CASES: [string[], unknown[]][] = [
  [
    ['equals', 'notEquals'],
    [
      'pro',
      'Pro',
      "it's",
      'back\\slash',
      '',
      30,
      0,
      1,
      -2.5,
      2 ** 60,
      1e21,
      true,
      false,
      '2026-03-01',
      '2026-02-31',
      'soon',
    ],
  ],
  [
    ['contains', 'notContains', 'startsWith', 'endsWith'],
    ['pro', 'P', '%', '_', "'", '\\', '2026-03', 'off', '3'],
  ],
  [
    ['gt', 'lt', 'gte', 'lte'],
    [30, 0, 1, -1, 29.999, 2 ** 60, '2026-02-28', '2026-03-01', '2026-03-01T00:00:00.001Z', 'soon'],
  ],
  [
    ['in', 'notIn'],
    [['pro', 'Pro'], [0, 30], [1, 2], ['2026-03-01'], ["it's", 'back\\slash', '100%_off']],
  ],
];
const CONDITIONS: Record<string, unknown>[] = [
  ...CASES.flatMap(([ops, values]) => ops.flatMap((operator) => values.map((value) => ({ operator, value })))),
  { operator: 'exists' },
  { operator: 'notExists' },
  ...[31, 1000].flatMap((value) => ['within', 'olderThan'].map((operator) => ({ operator, value, unit: 'days' }))),
  { operator: 'within', value: 1, unit: 'months' },
];

const one = (condition: Record<string, unknown>): FilterGroup =>
  parseFilterInput({ filters: { operator: 'AND', conditions: [condition] } })!;

describe.each(DIALECTS)('workflow documents in filters on %s', (dialect) => {
  const t = useTestEnv({ dialect });
  let p: TestProject;
  let ids: string[];
  // No recorded field types: data.<path> compares by the value's type, as document paths always do.
  const env: FilterEnv = { fieldTypes: new Map(), deletedFields: new Set(), segments: new Map(), now: NOW };

  beforeAll(async () => {
    p = await t.make.project();
    ids = [];
    for (const [i, doc] of DOCS.entries()) {
      const c = await t.make.contact(p, { email: `c${i}@x.test` });
      // Written as is: the contacts API drops nulls and empty strings, documents need not.
      await t.deps.db
        .updateTable('contacts')
        .set({ data: toJson(doc) })
        .where('id', '=', c.id)
        .execute();
      ids.push(c.id);
    }
  });

  const compile = (tree: FilterGroup, documents?: FilterDocuments, withEnv = env) =>
    compileFilter(tree, withEnv, { dialect: t.deps.dialect, projectId: p.id, documents });

  /** The indexes of the contacts `tree` selects, contact i evaluated with the documents `docsOf(i)`: one statement. */
  const selected = async (tree: FilterGroup, docsOf?: (i: number) => FilterDocuments): Promise<number[]> => {
    const where = docsOf
      ? sql<SqlBool>`(${sql.join(
          ids.map((id, i) => sql`(contacts.id = ${id} and ${compile(tree, docsOf(i))})`),
          sql` or `,
        )})`
      : compile(tree);
    const hits = new Set(await findMatchingContacts(t.deps.db, p.id, where, ids));
    return ids.flatMap((id, i) => (hits.has(id) ? [i] : []));
  };

  it('selects exactly the contacts data.<path> selects when the event or the context is that contact data', async () => {
    const decoy = { v: 'pro', n: { v: 30 } };
    let nonTrivial = 0;
    for (const path of ['v', 'n.v']) {
      for (const c of CONDITIONS) {
        const viaData = await selected(one({ field: `data.${path}`, ...c }));
        const viaEvent = await selected(one({ field: `event.${path}`, ...c }), (i) => ({
          event: DOCS[i]!,
          workflow: decoy,
        }));
        const viaContext = await selected(one({ field: `workflow.${path}`, ...c }), (i) => ({
          event: decoy,
          workflow: DOCS[i]!,
        }));
        expect({ c, path, viaEvent, viaContext }).toEqual({ c, path, viaEvent: viaData, viaContext: viaData });
        if (viaData.length > 0 && viaData.length < DOCS.length) nonTrivial += 1;
      }
    }
    // The property is not vacuous: most conditions split the contacts.
    expect(nonTrivial).toBeGreaterThan(CONDITIONS.length);
    expect(await selected(one({ field: 'data.v', operator: 'equals', value: 'pro' }))).toEqual([0]);
    expect(await selected(one({ field: 'data.n.v', operator: 'gt', value: 30 }))).toEqual([11, 12, 13]);
    expect(await selected(one({ field: 'data.v', operator: 'equals', value: '2026-03-01T00:00:00Z' }))).toEqual([
      16, 17, 18,
    ]);
  });

  it('passes the check with documents for every condition but an ordering of a string that names no date', () => {
    for (const c of CONDITIONS) {
      const check = () => checkFilter(one({ field: 'workflow.n.v', ...c }), env, { at: 'filters', documents: true });
      const ordering = ['gt', 'lt', 'gte', 'lte'].includes(c.operator as string);
      if (ordering && typeof c.value === 'string' && !isIsoDate(c.value)) expect(check, JSON.stringify(c)).toThrow();
      else expect(check, JSON.stringify(c)).not.toThrow();
    }
  });

  it('evaluates a tree mixing contact data, the event and the context for one contact', async () => {
    const ann = await t.make.contact(p, { email: 'ann@y.test', data: { plan: 'pro' } });
    const bob = await t.make.contact(p, { email: 'bob@y.test', data: { plan: 'free' } });
    const tree = parseFilterInput({
      filters: {
        operator: 'OR',
        conditions: [
          {
            conditions: [
              { field: 'data.plan', operator: 'equals', value: 'pro' },
              { field: 'event.amount', operator: 'gt', value: 100 },
            ],
          },
          { field: 'workflow.vip', operator: 'equals', value: true },
        ],
      },
    })!;
    // The project's env: data.plan is a recorded string field, the documents' paths are typed by their values.
    const projectEnv = { ...(await loadFilterEnv(t.deps, p.id)), now: NOW };
    checkFilter(tree, projectEnv, { at: 'filters', documents: true });
    const matches = async (contactId: string, event: Record<string, unknown>, workflow: Record<string, unknown>) => {
      const where = compile(tree, { event, workflow }, projectEnv);
      return (await findMatchingContacts(t.deps.db, p.id, where, [contactId])).length === 1;
    };
    expect(await matches(ann.id, { amount: 150 }, {})).toBe(true);
    expect(await matches(ann.id, { amount: 100 }, {})).toBe(false);
    expect(await matches(ann.id, { amount: '150' }, { vip: 'true' })).toBe(false);
    expect(await matches(ann.id, { amount: 150.5 }, { vip: false })).toBe(true);
    expect(await matches(bob.id, { amount: 150 }, {})).toBe(false);
    expect(await matches(bob.id, {}, { vip: true })).toBe(true);
    expect(await matches(bob.id, { vip: true }, { amount: 150 })).toBe(false);
  });

  it('keeps event.<name> with a trigger operator on the contact events beside event.<path> on the event data', async () => {
    const ann = await t.make.contact(p, { email: 'ann@z.test' });
    const bob = await t.make.contact(p, { email: 'bob@z.test' });
    await insertEvent(t, p.id, ann.id, 'amount', NOW);
    const tree = one({ field: 'event.amount', operator: 'triggered' });
    tree.conditions.push({ field: 'event.amount', operator: 'greaterThan', value: 100 });
    checkFilter(tree, env, { at: 'filters', documents: true });
    const where = compile(tree, { event: { amount: 150 }, workflow: {} });
    expect(await findMatchingContacts(t.deps.db, p.id, where, [ann.id, bob.id])).toEqual([ann.id]);
    const poor = compile(tree, { event: { amount: 50 }, workflow: {} });
    expect(await findMatchingContacts(t.deps.db, p.id, poor, [ann.id, bob.id])).toEqual([]);
  });

  it('never lets a referenced segment read the documents: a segment means the same everywhere', async () => {
    const ann = await t.make.contact(p, { email: 'ann@s.test' });
    // A filter no check would pass (segments refuse workflow.<path>), as if stored by hand.
    const filter = one({ field: 'workflow.vip', operator: 'exists' });
    const segEnv: FilterEnv = {
      ...env,
      segments: new Map([['seg-doc', { id: 'seg-doc', name: 'x', type: 'DYNAMIC', filter }]]),
    };
    const tree = one({ field: 'segment.seg-doc', operator: 'memberOfSegment' });
    const where = compileFilter(tree, segEnv, {
      dialect: t.deps.dialect,
      projectId: p.id,
      documents: { event: {}, workflow: { vip: true } },
    });
    expect(await findMatchingContacts(t.deps.db, p.id, where, [ann.id])).toEqual([]);
  });

  it('binds values with quotes, backslashes, % and _ and matches them literally; keys with brackets are plain keys', async () => {
    const ann = await t.make.contact(p, { email: 'ann@q.test' });
    const doc = { q: `a'b"c\\d%e_f`, 'a[0]': 'bracket', a: ['first'], "it's": 'quoted key' };
    const hit = async (condition: Record<string, unknown>) => {
      const tree = one(condition);
      checkFilter(tree, env, { at: 'filters', documents: true });
      const where = compile(tree, { event: doc, workflow: doc });
      return (await findMatchingContacts(t.deps.db, p.id, where, [ann.id])).length === 1;
    };
    for (const ns of ['event', 'workflow']) {
      expect(await hit({ field: `${ns}.q`, operator: 'equals', value: `a'b"c\\d%e_f` })).toBe(true);
      expect(await hit({ field: `${ns}.q`, operator: 'equals', value: `a'b"c\\d%e_` })).toBe(false);
      expect(await hit({ field: `${ns}.q`, operator: 'contains', value: `'B"C\\` })).toBe(true);
      expect(await hit({ field: `${ns}.q`, operator: 'contains', value: '%E_' })).toBe(true);
      expect(await hit({ field: `${ns}.q`, operator: 'contains', value: 'd_e' })).toBe(false);
      expect(await hit({ field: `${ns}.q`, operator: 'startsWith', value: "a'%" })).toBe(false);
      expect(await hit({ field: `${ns}.q`, operator: 'endsWith', value: '%e_f' })).toBe(true);
      expect(await hit({ field: `${ns}.q`, operator: 'in', value: ["x' or '1'='1", `a'b"c\\d%e_f`] })).toBe(true);
      expect(await hit({ field: `${ns}.q`, operator: 'equals', value: "' or 1=1 --" })).toBe(false);
      expect(await hit({ field: `${ns}.a[0]`, operator: 'equals', value: 'bracket' })).toBe(true);
      expect(await hit({ field: `${ns}.a[0]`, operator: 'equals', value: 'first' })).toBe(false);
      expect(await hit({ field: `${ns}.it's`, operator: 'equals', value: 'quoted key' })).toBe(true);
      expect(await hit({ field: `${ns}.it's`, operator: 'exists' })).toBe(true);
    }
  });

  describe('segments', () => {
    const fieldOf = (res: LightMyRequestResponse) =>
      (expectError(res, 422, 'VALIDATION_ERROR').errors![0] as { field: string }).field;
    const post = (condition: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/segments',
        headers: { authorization: p.auth },
        payload: { name: 'No documents here', filters: { operator: 'AND', conditions: [condition] } },
      });

    it('still refuses workflow.<path> and event.<name> with a value operator', async () => {
      expect(fieldOf(await post({ field: 'workflow.plan', operator: 'equals', value: 'pro' }))).toBe(
        'filters.conditions[0].field',
      );
      expect(fieldOf(await post({ field: 'event.amount', operator: 'equals', value: 5 }))).toBe(
        'filters.conditions[0].operator',
      );
      expect(fieldOf(await post({ field: 'event.amount', operator: 'gt', value: 5 }))).toBe(
        'filters.conditions[0].operator',
      );
      const ok = await post({ field: 'event.amount', operator: 'triggered' });
      expect(ok.statusCode, ok.body).toBe(201);
    });
  });
});
