// Invariant: the fields API describes a project's contacts exactly (types fixed at first sight,
// coverage as the share of contacts having the field), and removing a field takes it off the list at
// once and, through a bulk job, off every contact of that project not written since, whatever
// characters its key holds, and off no other project.

import { describe, expect, it } from 'vitest';
import type { FieldUsageLookup } from '../../src/contacts/fields/field-usage.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { contactsApi, uploadCsv } from './contacts-helpers.ts';
import { expectError } from './support.ts';

describe.each(DIALECTS)('contact fields API on %s', (dialect) => {
  // Usage lookups are handed in at composition; these two stand in for segments and campaigns, and
  // answer only for the projects in `referencing`.
  const referencing = new Set<string>();
  const seen: string[] = [];
  const segments: FieldUsageLookup = async (projectId, field) => {
    if (!referencing.has(projectId)) return {};
    seen.push(field);
    return field === 'data.plan' ? { segments: [{ id: 's1', name: 'Pro users' }] } : {};
  };
  const campaigns: FieldUsageLookup = async (projectId, field) =>
    referencing.has(projectId) && field === 'data.plan' ? { campaigns: [{ id: 'c1', name: 'Upsell' }] } : {};
  const t = useTestEnv({ dialect, fieldUsage: () => [segments, campaigns] });
  const { get } = contactsApi(t);
  const del = (auth: string, field: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/contacts/fields/${encodeURIComponent(field)}`,
      headers: { authorization: auth },
    });

  it('lists standard fields by plain name and custom ones as data.<key>, with type and coverage', async () => {
    const p = await t.make.project();
    const empty = (await get(p.auth, '/contacts/fields')).json();
    expect(empty.fields).toEqual([
      { field: 'email', type: 'string', isCustom: false, coverage: 0 },
      { field: 'subscribed', type: 'boolean', isCustom: false, coverage: 0 },
      { field: 'createdAt', type: 'date', isCustom: false, coverage: 0 },
      { field: 'updatedAt', type: 'date', isCustom: false, coverage: 0 },
    ]);
    await t.make.contact(p, { data: { plan: 'pro', seats: 3, profile: { tier: 'gold' } } });
    await t.make.contact(p, { data: { plan: 'free' } });
    await t.make.contact(p, { data: { trial: true } });
    await t.make.contact(p, { data: { plan: 'x' } });
    await t.make.contact(p, { data: { plan: null } });
    const { fields } = (await get(p.auth, '/contacts/fields')).json();
    expect(fields.slice(0, 4).every((f: { coverage: number }) => f.coverage === 1)).toBe(true);
    expect(fields.slice(4)).toEqual([
      { field: 'data.plan', type: 'string', isCustom: true, coverage: 3 / 5 },
      { field: 'data.profile.tier', type: 'string', isCustom: true, coverage: 1 / 5 },
      { field: 'data.seats', type: 'number', isCustom: true, coverage: 1 / 5 },
      { field: 'data.trial', type: 'boolean', isCustom: true, coverage: 1 / 5 },
    ]);
  });

  it('lists distinct values most frequent first, bounded by limit', async () => {
    const p = await t.make.project();
    for (const plan of ['pro', 'free', 'pro', 'team', 'pro', 'free']) await t.make.contact(p, { data: { plan } });
    await t.make.contact(p, { data: { plan: 7, vip: true, profile: { tier: 'gold' } } });
    const all = (await get(p.auth, '/contacts/fields/data.plan/values')).json();
    expect(all).toMatchObject({ field: 'data.plan', hasMore: false });
    expect(all.values.slice(0, 2)).toEqual(['pro', 'free']);
    // The two single-use values tie; their order is the database's collation.
    expect(all.values.slice(2)).toEqual(expect.arrayContaining([7, 'team']));
    expect(all.values).toHaveLength(4);
    const two = (await get(p.auth, '/contacts/fields/plan/values?limit=2')).json();
    expect(two).toEqual({ field: 'data.plan', sampleSize: 10000, values: ['pro', 'free'], hasMore: true });
    expect((await get(p.auth, '/contacts/fields/data.vip/values')).json().values).toEqual([true]);
    expect((await get(p.auth, '/contacts/fields/data.profile.tier/values')).json().values).toEqual(['gold']);
  });

  it('answers 404 for an unknown field, 422 for a standard field or a malformed name', async () => {
    const p = await t.make.project();
    expectError(await get(p.auth, '/contacts/fields/data.nothing/values'), 404, 'FIELD_NOT_FOUND');
    expectError(await get(p.auth, '/contacts/fields/email/values'), 422, 'VALIDATION_ERROR');
    for (const bad of ['data.', 'data.a..b', 'data.a"b']) {
      const err = expectError(
        await get(p.auth, `/contacts/fields/${encodeURIComponent(bad)}/values`),
        422,
        'VALIDATION_ERROR',
      );
      expect(err.errors![0]).toMatchObject({ field: 'field' });
    }
    expectError(await get(p.auth, '/contacts/fields/data.plan/values?limit=0'), 422, 'VALIDATION_ERROR');
  });

  describe('usage', () => {
    it('is empty where nothing references the field, and merges what every lookup reports', async () => {
      const p = await t.make.project();
      expect((await get(p.auth, '/contacts/fields/data.plan/usage')).json()).toEqual({
        segments: [],
        campaigns: [],
        workflows: [],
      });
      referencing.add(p.id);
      expect((await get(p.auth, '/contacts/fields/plan/usage')).json()).toEqual({
        segments: [{ id: 's1', name: 'Pro users' }],
        campaigns: [{ id: 'c1', name: 'Upsell' }],
        workflows: [],
      });
      expect((await get(p.auth, '/contacts/fields/email/usage')).json()).toEqual({
        segments: [],
        campaigns: [],
        workflows: [],
      });
      expect(seen).toEqual(['data.plan', 'email']);
      expectError(await get(p.auth, '/contacts/fields/data.a..b/usage'), 422, 'VALIDATION_ERROR');
    });
  });

  describe('DELETE /contacts/fields/:field', () => {
    const fieldNames = async (auth: string) =>
      (await get(auth, '/contacts/fields')).json().fields.map((f: { field: string }) => f.field);
    const bulkJob = async (auth: string, jobId: string) => (await get(auth, `/contacts/bulk/${jobId}`)).json();

    it('leaves the field list at once and removes the key from every contact of the project, no other', async () => {
      const p = await t.make.project();
      const other = await t.make.project();
      const a = await t.make.contact(p, { data: { plan: 'pro', keep: 1 } });
      const b = await t.make.contact(p, { data: { plan: 'free' } });
      const c = await t.make.contact(p, { data: { keep: 2 } });
      const o = await t.make.contact(other, { data: { plan: 'pro' } });
      const res = await del(p.auth, 'data.plan');
      expect(res.statusCode).toBe(200);
      const { jobId } = res.json();
      expect(res.json()).toEqual({ field: 'data.plan', jobId: expect.any(String), status: 'queued' });
      expect(await fieldNames(p.auth)).not.toContain('data.plan');
      expect(await bulkJob(p.auth, jobId)).toMatchObject({
        action: 'deleteField',
        field: 'data.plan',
        status: 'queued',
      });

      await t.deps.jobs.drain();
      expect(await bulkJob(p.auth, jobId)).toMatchObject({
        status: 'completed',
        total: 3,
        processed: 3,
        succeeded: 2,
        failed: 0,
      });
      expect((await get(p.auth, `/contacts/${a.id}`)).json().data).toEqual({ keep: 1 });
      expect((await get(p.auth, `/contacts/${b.id}`)).json().data).toEqual({});
      expect((await get(p.auth, `/contacts/${c.id}`)).json()).toEqual(c);
      expect((await get(other.auth, `/contacts/${o.id}`)).json().data).toEqual({ plan: 'pro' });
      expect(await fieldNames(p.auth)).not.toContain('data.plan');
      // The type is forgotten: the next value fixes it afresh.
      await t.make.contact(p, { data: { plan: 12 } });
      const again = (await get(p.auth, '/contacts/fields')).json().fields;
      expect(again).toContainEqual(expect.objectContaining({ field: 'data.plan', type: 'number' }));
    });

    it('keeps the value of a contact whose key was set again after the delete', async () => {
      const p = await t.make.project();
      const stale = await t.make.contact(p, { data: { tier: 'gold' } });
      const rewritten = await t.make.contact(p, { data: { tier: 'silver' } });
      const { jobId } = (await del(p.auth, 'data.tier')).json();
      await t.make.contact(p, { email: rewritten.email, data: { tier: 'platinum' } });
      await t.deps.jobs.drain();
      expect((await get(p.auth, `/contacts/${stale.id}`)).json().data).toEqual({});
      expect((await get(p.auth, `/contacts/${rewritten.id}`)).json().data).toEqual({ tier: 'platinum' });
      expect(await bulkJob(p.auth, jobId)).toMatchObject({ status: 'completed', processed: 2, succeeded: 1 });
      expect(await fieldNames(p.auth)).toContain('data.tier');
    });

    it('removes the key from a contact written after the delete for other keys only', async () => {
      const p = await t.make.project();
      const touched = await t.make.contact(p, { data: { tier: 'gold', seats: 1 } });
      const { jobId } = (await del(p.auth, 'data.tier')).json();
      // Written after the delete, but not the deleted key: nothing of it may survive the job.
      await t.make.contact(p, { email: touched.email, data: { seats: 2 } });
      await t.deps.jobs.drain();
      expect((await get(p.auth, `/contacts/${touched.id}`)).json().data).toEqual({ seats: 2 });
      expect(await bulkJob(p.auth, jobId)).toMatchObject({ status: 'completed', succeeded: 1 });
      expect(await fieldNames(p.auth)).not.toContain('data.tier');
    });

    it('removes the key from contacts in many slices, leaving none with it', async () => {
      const p = await t.make.project();
      const rows = Array.from({ length: 1234 }, (_, i) => `s${i}@example.test,${i % 7},x`);
      const upload = await uploadCsv(t.app, p.auth, `email,score,other\n${rows.join('\n')}\n`);
      expect(upload.statusCode, upload.body).toBe(202);
      await t.deps.jobs.drain();
      const { jobId } = (await del(p.auth, 'data.score')).json();
      await t.deps.jobs.drain();
      expect(await bulkJob(p.auth, jobId)).toMatchObject({ status: 'completed', processed: 1234, succeeded: 1234 });
      const having = await t.deps.db
        .selectFrom('contacts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('projectId', '=', p.id)
        .where(t.deps.dialect.json.has('contacts.data', ['score']))
        .executeTakeFirstOrThrow();
      expect(Number(having.n)).toBe(0);
      expect(await fieldNames(p.auth)).toEqual(expect.arrayContaining(['data.other']));
    });

    it('handles keys with spaces, quotes, brackets, dollars and non-ASCII, and nested paths', async () => {
      const p = await t.make.project();
      const odd = ['first name', "o'brien", 'a[0]', '$price', 'größe', 'x-y'];
      const data = Object.fromEntries(odd.map((k, i) => [k, i]));
      const c = await t.make.contact(p, { data: { ...data, profile: { tier: 'gold', seats: 2 } } });
      for (const key of odd) expect((await del(p.auth, `data.${key}`)).json()).toMatchObject({ field: `data.${key}` });
      expect((await del(p.auth, 'data.profile.tier')).statusCode).toBe(200);
      await t.deps.jobs.drain();
      expect((await get(p.auth, `/contacts/${c.id}`)).json().data).toEqual({ profile: { seats: 2 } });
    });

    it('answers 404 for a field nobody has, 422 for a standard field, and changes nothing', async () => {
      const p = await t.make.project();
      const c = await t.make.contact(p, { data: { plan: 'pro' } });
      expectError(await del(p.auth, 'data.missing'), 404, 'FIELD_NOT_FOUND');
      expectError(await del(p.auth, 'email'), 422, 'VALIDATION_ERROR');
      expect((await get(p.auth, `/contacts/${c.id}`)).json()).toEqual(c);
    });
  });
});
