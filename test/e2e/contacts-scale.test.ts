// Invariant: the contact paths that avoid scanning a project still answer exactly what a scan would:
// `total` equals the real row count through inserts, upserts, deletes and cascades; a search finds a
// match wherever it sits (newest contacts, deep in the index, or through the short-term scan); the
// field-type cache never lets a write skip recording a new key; the per-project field cap holds.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import * as writes from '../../src/contacts/contacts-write.repo.ts';
import { EXACT_MAX, SAMPLE } from '../../src/contacts/fields/coverage.ts';
import { newId } from '../../src/lib/ids.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { contactRow, contactsApi, countRows } from './contacts-helpers.ts';
import { expectError } from './support.ts';

describe.each(DIALECTS)('contacts at scale on %s', (dialect) => {
  const t = useTestEnv({ dialect, env: { MAX_CUSTOM_FIELDS: '5' } });
  const { post, get } = contactsApi(t);

  /** Inserts `n` contacts named `<prefix><i>@bulk.test` in batches (the import's statement). */
  async function seed(
    projectId: string,
    n: number,
    prefix: string,
    data: (i: number) => Record<string, unknown> = () => ({}),
  ) {
    const now = new Date();
    for (let at = 0; at < n; at += 1000) {
      const rows = Array.from({ length: Math.min(1000, n - at) }, (_, j) => ({
        id: newId(),
        projectId,
        email: `${prefix}${at + j}@bulk.test`,
        subscribed: true,
        data: data(at + j),
        at: now,
      }));
      await writes.upsertContactsMerging(t.deps.db, t.deps.dialect, rows);
    }
  }

  const total = async (auth: string, query = '') => (await get(auth, `/contacts?limit=5${query}`)).json().total;

  it('keeps total equal to the row count through creates, upserts, deletes and imports', async () => {
    const p = await t.make.project();
    const other = await t.make.project();
    await seed(other.id, 30, 'other');
    const [a] = await t.make.contacts(p, 3);
    await post(p.auth, { email: a!.email, data: { x: 1 } }); // an update: no new row
    await seed(p.id, 40, 'seeded'); // multi-row statement
    await seed(p.id, 40, 'seeded'); // the same rows again: all conflicts, nothing inserted
    expect(await total(p.auth)).toBe(43);
    const del = await t.app.inject({ method: 'DELETE', url: `/contacts/${a!.id}`, headers: { authorization: p.auth } });
    expect(del.statusCode).toBe(204);
    expect(await total(p.auth)).toBe(42);
    expect(await countRows(t.deps, 'contacts', p.id)).toBe(42);
    expect(await total(other.auth)).toBe(30);
  });

  it('finds a rare match deep in the index, a common one among the newest, and short terms by scan', async () => {
    const p = await t.make.project();
    const oldest = await t.make.contact(p, { email: 'needle.Zq9@deep.test' });
    await seed(p.id, 2500, 'hay'); // more than the newest-contacts window a search tries first
    const rare = (await get(p.auth, '/contacts?limit=10&search=ZQ9@')).json();
    expect(rare.data.map((c: { id: string }) => c.id)).toEqual([oldest.id]);
    expect(rare.total).toBe(1);
    expect(rare.hasMore).toBe(false);

    const common = (await get(p.auth, '/contacts?limit=3&search=hay2')).json();
    // hay2, hay20..hay29, hay200..hay299, hay2000..hay2499: 1 + 10 + 100 + 500 = 611 matches.
    expect(common.total).toBe(611);
    expect(common.data.map((c: { email: string }) => c.email)).toEqual([
      'hay2499@bulk.test',
      'hay2498@bulk.test',
      'hay2497@bulk.test',
    ]);
    const next = (await get(p.auth, `/contacts?limit=3&search=hay2&cursor=${common.cursor}`)).json();
    expect(next.data.map((c: { email: string }) => c.email)).toEqual([
      'hay2496@bulk.test',
      'hay2495@bulk.test',
      'hay2494@bulk.test',
    ]);
    expect(next.total).toBe(0);
    // Past the direct-read threshold the page comes from the newest contacts; the count stays exact.
    const many = (await get(p.auth, '/contacts?limit=2&search=hay')).json();
    expect(many.total).toBe(2500);
    expect(many.data.map((c: { email: string }) => c.email)).toEqual(['hay2499@bulk.test', 'hay2498@bulk.test']);

    const short = (await get(p.auth, '/contacts?limit=100&search=q9')).json();
    expect(short.data.map((c: { id: string }) => c.id)).toEqual([oldest.id]);
    expect(short.total).toBe(1);
    // LIKE wildcards in the term are literal characters.
    expect((await get(p.auth, '/contacts?search=hay_%25')).json().total).toBe(0);
  });

  it('indexes a contact that takes the place of the newest deleted one, and deletes it again cleanly', async () => {
    const p = await t.make.project();
    const auth = { authorization: p.auth };
    await t.make.contact(p, { email: 'zr1.first@reuse.test' });
    const newest = await t.make.contact(p, { email: 'zr1.newest@reuse.test' });
    await t.deps.searchIndex.catchUp();
    expect((await t.app.inject({ method: 'DELETE', url: `/contacts/${newest.id}`, headers: auth })).statusCode).toBe(
      204,
    );
    // SQLite hands the next contact the rowid just freed, under the index's watermark.
    const next = await t.make.contact(p, { email: 'zr2.next@reuse.test' });
    const found = (await get(p.auth, '/contacts?search=zr2.next')).json();
    expect(found.data.map((c: { id: string }) => c.id)).toEqual([next.id]);
    const gone = await t.app.inject({ method: 'DELETE', url: `/contacts/${next.id}`, headers: auth });
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await get(p.auth, '/contacts?search=zr')).json().total).toBe(1);
    if (dialect === 'sqlite') {
      await sql`insert into contacts_email_fts (contacts_email_fts, rank) values ('integrity-check', 1)`.execute(
        t.deps.db,
      );
    }
  });

  it('keeps the index whole when the newest indexed and unindexed contacts go and new ones take their places', async () => {
    const p = await t.make.project();
    const auth = { authorization: p.auth };
    const del = async (id: string) =>
      expect((await t.app.inject({ method: 'DELETE', url: `/contacts/${id}`, headers: auth })).statusCode).toBe(204);
    await t.make.contact(p, { email: 'zs1.kept@mix.test' });
    const indexed = await t.make.contact(p, { email: 'zs1.indexed@mix.test' });
    await t.deps.searchIndex.catchUp();
    const tail = [await t.make.contact(p, { email: 'zs1.tail1@mix.test' })];
    tail.push(await t.make.contact(p, { email: 'zs1.tail2@mix.test' }));
    // The indexed one goes first, while unindexed rows above it still hold the largest rowids.
    for (const c of [indexed, ...tail]) await del(c.id);
    const fresh = [
      await t.make.contact(p, { email: 'zs2.a@mix.test' }),
      await t.make.contact(p, { email: 'zs2.b@mix.test' }),
    ];
    const ids = async (term: string) =>
      (await get(p.auth, `/contacts?search=${term}`))
        .json()
        .data.map((c: { id: string }) => c.id)
        .sort();
    expect(await ids('zs2')).toEqual(fresh.map((c) => c.id).sort());
    await t.deps.searchIndex.catchUp();
    expect(await ids('zs2')).toEqual(fresh.map((c) => c.id).sort());
    for (const c of fresh) await del(c.id);
    expect((await get(p.auth, '/contacts?search=zs')).json().total).toBe(1);
    if (dialect === 'sqlite') {
      await sql`insert into contacts_email_fts (contacts_email_fts, rank) values ('integrity-check', 1)`.execute(
        t.deps.db,
      );
    }
  });

  it('finds contacts the search index has not taken in yet, and forgets deleted or renamed ones', async () => {
    const p = await t.make.project();
    const old = await t.make.contact(p, { email: 'zq7.old@deep.test' });
    const renamed = await t.make.contact(p, { email: 'zq7.before@deep.test' });
    await seed(p.id, 2100, 'fill');
    await t.deps.searchIndex.catchUp();
    const fresh = await t.make.contact(p, { email: 'zq7.fresh@tail.test' }); // waits above the watermark
    const ids = async (term: string) =>
      (await get(p.auth, `/contacts?limit=10&search=${term}`)).json().data.map((c: { id: string }) => c.id);
    expect(await ids('zq7')).toEqual([fresh.id, renamed.id, old.id]);
    const auth = { authorization: p.auth };
    expect((await t.app.inject({ method: 'DELETE', url: `/contacts/${old.id}`, headers: auth })).statusCode).toBe(204);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/contacts/${renamed.id}`,
      headers: auth,
      payload: { email: 'zq8.after@deep.test' },
    });
    expect(patched.statusCode).toBe(200);
    expect(await ids('zq7')).toEqual([fresh.id]);
    expect(await ids('zq8.after')).toEqual([renamed.id]);
    await t.deps.searchIndex.catchUp();
    expect(await ids('zq7')).toEqual([fresh.id]);
    expect((await get(p.auth, '/contacts?search=zq7')).json().total).toBe(1);
    if (dialect === 'sqlite') {
      // FTS5 checks its index against the contacts table: a missed delete or rename fails here.
      await sql`insert into contacts_email_fts (contacts_email_fts, rank) values ('integrity-check', 1)`.execute(
        t.deps.db,
      );
    }
  });

  it('records a key again after its field was deleted, though this process had it cached', async () => {
    const p = await t.make.project();
    await t.make.contact(p, { data: { tier: 'gold' } }); // caches "tier" as recorded
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/contacts/fields/data.tier',
      headers: { authorization: p.auth },
    });
    expect(del.statusCode).toBe(200);
    await t.make.contact(p, { data: { tier: 3 } });
    const fields = (await get(p.auth, '/contacts/fields')).json().fields;
    expect(fields.find((f: { field: string }) => f.field === 'data.tier')).toMatchObject({ type: 'number' });
  });

  it('gives each upsert of a concurrent burst its own patch and its own isNew', async () => {
    const p = await t.make.project();
    const known = Array.from({ length: 15 }, (_, i) => `known${i}@burst.test`);
    // Every key known beforehand: a write with no new key and no subscription change is the grouped path.
    for (const email of known) await post(p.auth, { email, data: { a: 1, b: 2, c: 0, n: 0 } });
    await t.make.contact(p, { email: 'other@burst.test', data: { a: 9 } });
    const burst = await Promise.all([
      ...known.map((email, i) => post(p.auth, { email, data: { b: null, c: i } })),
      ...Array.from({ length: 15 }, (_, i) => post(p.auth, { email: `fresh${i}@burst.test`, data: { n: i } })),
    ]);
    expect(burst.map((r) => r.statusCode)).toEqual([...known.map(() => 200), ...known.map(() => 201)]);
    burst.slice(0, 15).forEach((r, i) => {
      expect(r.json()).toMatchObject({ email: known[i], data: { a: 1, c: i }, _meta: { isNew: false } });
      expect(r.json().data).not.toHaveProperty('b');
    });
    burst.slice(15).forEach((r, i) => {
      expect(r.json()).toMatchObject({ email: `fresh${i}@burst.test`, data: { n: i }, _meta: { isNew: true } });
    });
    expect((await get(p.auth, '/contacts?limit=1')).json().total).toBe(31);
    const other = (await get(p.auth, '/contacts?search=other@burst')).json().data[0];
    expect(other.data).toEqual({ a: 9 });
  });

  it('refuses a write that would take the project past its custom field cap, changing nothing', async () => {
    const p = await t.make.project();
    const first = await post(p.auth, { email: 'cap@example.test', data: { a: 1, b: 2, c: 3, d: 4 } });
    expect(first.statusCode).toBe(201);
    const over = await post(p.auth, { email: 'cap@example.test', data: { e: 5, f: 6 } });
    const error = expectError(over, 422, 'VALIDATION_ERROR');
    expect(error.errors).toEqual([expect.objectContaining({ field: 'data.e', code: 'TOO_MANY_FIELDS' })]);
    const stored = (await get(p.auth, `/contacts/${first.json().id}`)).json();
    expect(stored.data).toEqual({ a: 1, b: 2, c: 3, d: 4 });
    expect(await countRows(t.deps, 'contactFields', p.id)).toBe(4);
    // Keys already recorded stay writable, and one more fits exactly.
    expect((await post(p.auth, { email: 'cap2@example.test', data: { a: 9, e: 5 } })).statusCode).toBe(201);
    expect((await post(p.auth, { email: 'cap3@example.test', data: { f: 1 } })).statusCode).toBe(422);
  });

  it('answers coverage of a large project from a sample at once, then from the exact count a job made', async () => {
    const p = await t.make.project();
    await t.make.contact(p, { data: { plan: 'pro' } }); // records the field's type
    await seed(p.id, EXACT_MAX + 9, 'big', (i) => (i % 4 === 0 ? { plan: 'x' } : {}));
    const contacts = EXACT_MAX + 10;
    const having = 1 + Math.ceil((EXACT_MAX + 9) / 4);
    const first = (await get(p.auth, '/contacts/fields')).json();
    expect(first.coverageInfo).toMatchObject({ method: 'sample', contacts: SAMPLE });
    await t.deps.jobs.drain();
    const second = (await get(p.auth, '/contacts/fields')).json();
    expect(second.coverageInfo).toMatchObject({ method: 'cached', contacts });
    expect(second.fields.find((f: { field: string }) => f.field === 'data.plan').coverage).toBeCloseTo(
      having / contacts,
      10,
    );
    expect(second.fields.find((f: { field: string }) => f.field === 'email').coverage).toBe(1);
  });

  it('fails only the write of a concurrent burst that breaks a constraint, landing the rest', async () => {
    const p = await t.make.project();
    const now = new Date();
    const row = (projectId: string, email: string) => contactRow(projectId, email, now);
    // The same turn of the event loop: grouped into one statement on PostgreSQL, one commit on SQLite.
    const outcomes = await Promise.allSettled([
      writes.upsertContact(t.deps.db, t.deps.dialect, row(p.id, 'a@burst.test'), { set: { k: 1 }, remove: [] }),
      writes.upsertContact(t.deps.db, t.deps.dialect, row(newId(), 'x@burst.test'), { set: { k: 1 }, remove: [] }),
      writes.upsertContact(t.deps.db, t.deps.dialect, row(p.id, 'b@burst.test'), { set: { k: 1 }, remove: [] }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(t.deps.dialect.isConstraintViolation((outcomes[1] as PromiseRejectedResult).reason)).toBe(true);
    const stored = (await get(p.auth, '/contacts?limit=10')).json();
    expect(stored.total).toBe(2);
    expect(stored.data.map((c: { data: unknown }) => c.data)).toEqual([{ k: 1 }, { k: 1 }]);
  });

  it('never shows a read the uncommitted rows of an open write transaction, nor waits for it', async () => {
    const p = await t.make.project();
    const id = newId();
    let seenInside: number | undefined;
    await t.deps.db.transaction().execute(async (trx) => {
      const now = new Date();
      await writes.upsertContact(
        trx,
        t.deps.dialect,
        {
          id,
          projectId: p.id,
          email: 'pending@example.test',
          subscribed: true,
          data: '{}',
          createdAt: now,
          updatedAt: now,
        },
        { set: {}, remove: [] },
      );
      // These requests run while the transaction is open; on SQLite a read through the writer would
      // deadlock here (the writer is held) or see the row.
      seenInside = (await get(p.auth, `/contacts/${id}`)).statusCode;
      expect((await get(p.auth, '/contacts')).json().total).toBe(0);
    });
    expect(seenInside).toBe(404);
    expect((await get(p.auth, `/contacts/${id}`)).statusCode).toBe(200);
    expect((await get(p.auth, '/contacts')).json().total).toBe(1);
  });

  it('keeps counters and the search index in step when a project is deleted with its contacts', async () => {
    const p = await t.make.project();
    await seed(p.id, 10, 'gone');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/users/@me/projects/${p.id}`,
      headers: { cookie: p.owner.cookie },
    });
    expect(res.statusCode).toBe(204);
    const left = await sql<{ n: number }>`select count(*) as n from contact_counts where project_id = ${p.id}`.execute(
      t.deps.db,
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
});

// Invariant (PostgreSQL, READ COMMITTED, several connections): concurrent writers never lose each
// other's keys, and concurrent first uses of a key agree on one type.
describe.each(DIALECTS.filter((d) => d === 'postgres'))('concurrent contact writes on %s', (dialect) => {
  const t = useTestEnv({ dialect });
  const { post, get } = contactsApi(t);

  it('lands every concurrent patch of one contact', async () => {
    const p = await t.make.project();
    const email = 'busy@example.test';
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(p.auth, { email, data: { [`k${i}`]: i } })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(19);
    const list = (await get(p.auth, '/contacts')).json();
    expect(list.total).toBe(1);
    expect(Object.keys(list.data[0].data).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `k${i}`).sort());
  });

  it('gives a new key one type when its first uses race with different types', async () => {
    const p = await t.make.project();
    const values = [1, 'one', true, 2, 'two', false, 3, 'three'];
    const results = await Promise.all(
      values.map((v, i) => post(p.auth, { email: `r${i}@example.test`, data: { k: v } })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(values.map(() => 201));
    const fields = (await get(p.auth, '/contacts/fields'))
      .json()
      .fields.filter((f: { field: string }) => f.field === 'data.k');
    expect(fields).toHaveLength(1);
    expect(['number', 'string', 'boolean']).toContain(fields[0].type);
    expect(await countRows(t.deps, 'contactFields', p.id)).toBe(1);
  });
});
