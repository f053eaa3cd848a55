// Invariant: an import keeps the project's stored field coverage current. An import that grows a
// small project past the live-count size leaves exact figures that GET /contacts/fields serves at once
// (no sample, no waiting for a job), and imports into a large project add exactly what they changed:
// after either, the stored figures equal what a full recount gives. Concurrent additions to the stored
// figures all land.

import { describe, expect, it } from 'vitest';
import { contactsApi, uploadCsv } from '../../../test/e2e/contacts-helpers.ts';
import { DIALECTS, useTestEnv } from '../../../test/env.ts';
import { fromJson } from '../../db/codecs.ts';
import { computeFieldCoverage, EXACT_MAX } from './coverage.ts';
import { addToFieldCoverage, findFieldCoverage, upsertFieldCoverage } from './fields.repo.ts';

describe.each(DIALECTS)('field coverage kept by imports on %s', (dialect) => {
  const t = useTestEnv({ dialect });
  const { post, get } = contactsApi(t);

  async function importCsv(auth: string, csv: string) {
    const res = await uploadCsv(t.app, auth, csv);
    expect(res.statusCode, res.body).toBe(202);
    await t.deps.jobs.drain();
    const job = (await get(auth, `/contacts/import/${res.json().jobId}`)).json();
    expect(job.status).toBe('completed');
    return job;
  }

  /** The stored figures as GET /contacts/fields serves them: contacts, and coverage by field. */
  async function served(auth: string) {
    const body = (await get(auth, '/contacts/fields')).json();
    const shares = Object.fromEntries(
      body.fields.map((f: { field: string; coverage: number }) => [f.field, f.coverage]),
    );
    return { info: body.coverageInfo, shares };
  }

  /** What a full recount stores (the coverage job), as served. */
  async function recounted(auth: string, projectId: string) {
    await computeFieldCoverage(t.deps, projectId);
    return served(auth);
  }

  /** `n` rows `<prefix><i>@cov.test`: plan on two of three, score on every other one. */
  function rows(prefix: string, n: number, from = 0): string[] {
    return Array.from({ length: n }, (_, j) => {
      const i = from + j;
      return `${prefix}${i}@cov.test,${i % 3 === 0 ? '' : 'pro'},${i % 2 === 0 ? i : ''},`;
    });
  }

  it('leaves exact figures served at once after an import grows a small project past the live count', async () => {
    const p = await t.make.project();
    // A nested key an imported value then replaces: profile.tier is lost, profile stays set.
    expect((await post(p.auth, { email: 'nested@cov.test', data: { profile: { tier: 'gold' } } })).statusCode).toBe(
      201,
    );
    expect(
      (await post(p.auth, { email: 'keep@cov.test', data: { plan: 'old', profile: { tier: 'x' } } })).statusCode,
    ).toBe(201);
    const csv = ['email,plan,score,profile', ...rows('a', EXACT_MAX + 40), 'nested@cov.test,,,flat'].join('\n');
    const job = await importCsv(p.auth, csv);
    expect(job).toMatchObject({ imported: EXACT_MAX + 40, updated: 1 });

    const now = await served(p.auth);
    expect(now.info).toMatchObject({ method: 'cached', contacts: EXACT_MAX + 42 });
    const exact = await recounted(p.auth, p.id);
    expect(exact.info).toMatchObject({ method: 'cached', contacts: EXACT_MAX + 42 });
    expect(now.shares).toEqual(exact.shares);
    expect(now.shares['data.profile.tier']).toBeCloseTo(1 / (EXACT_MAX + 42), 12);
    expect(now.shares['data.profile']).toBeCloseTo(2 / (EXACT_MAX + 42), 12);
  });

  it('adds what imports into a large project change, and nothing for a file imported again', async () => {
    const p = await t.make.project();
    await importCsv(p.auth, ['email,plan,score', ...rows('b', EXACT_MAX + 10)].join('\n'));
    await recounted(p.auth, p.id);
    // New contacts, existing ones gaining a key (plan, score, city) and ones already having it.
    const csv = ['email,plan,score,city', ...rows('b', 300, EXACT_MAX - 100).map((r) => `${r}x`)];
    const job = await importCsv(p.auth, csv.join('\n'));
    expect(job).toMatchObject({ imported: 190, updated: 110 });
    const now = await served(p.auth);
    expect(now.info.contacts).toBe(EXACT_MAX + 200);
    expect(now.shares['data.city']).toBeCloseTo(300 / (EXACT_MAX + 200), 12);
    const again = await importCsv(p.auth, csv.join('\n'));
    expect(again).toMatchObject({ imported: 0, updated: 300 });
    expect(await served(p.auth)).toEqual(now);
    expect((await recounted(p.auth, p.id)).shares).toEqual(now.shares);
  });

  it('lands every one of concurrent additions to the stored figures', async () => {
    const p = await t.make.project();
    await upsertFieldCoverage(t.deps.db, { projectId: p.id, total: 5, counts: { a: 2 }, computedAt: new Date() });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.deps.db
          .transaction()
          .execute((trx) =>
            addToFieldCoverage(trx, t.deps.dialect, p.id, { total: 1, counts: i % 2 ? { a: 1 } : { a: -1, b: 3 } }),
          ),
      ),
    );
    const row = await findFieldCoverage(t.deps.db, p.id);
    expect(Number(row!.total)).toBe(25);
    expect(fromJson<Record<string, number>>(row!.counts)).toEqual({ a: 2, b: 30 });
    // A project without stored figures stays without.
    const q = await t.make.project();
    await addToFieldCoverage(t.deps.db, t.deps.dialect, q.id, { total: 1, counts: { a: 1 } });
    expect(await findFieldCoverage(t.deps.db, q.id)).toBeUndefined();
  });
});
