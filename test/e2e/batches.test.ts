// Invariant: the process's write batches (deps.batches, lib/batcher.ts) behave like separate writes:
// in a group holding a failing call, that call alone fails with its own error and every other call's
// write lands; and a batch belongs to its process's deps, not to the module.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import * as writes from '../../src/contacts/contacts-write.repo.ts';
import type { Db } from '../../src/db/index.ts';
import { transactionGroup, transactionGroupKind } from '../../src/db/transaction-group.ts';
import { newId } from '../../src/lib/ids.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { contactRow } from './contacts-helpers.ts';

type Tables = { batchTest: { id: string } };

/** Works defer their ids; the flush inserts all of a transaction's at once. */
const inserts = transactionGroupKind<string, { db: Db }>(async (trx, ids) => {
  await trx
    .withTables<Tables>()
    .insertInto('batchTest')
    .values(ids.map((id) => ({ id })))
    .execute();
});

describe.each(DIALECTS)('write batches on %s', (dialect) => {
  const t = useTestEnv({ dialect });

  it('lands every grouped contact upsert but the failing one, which gets its own error', async () => {
    const p = await t.make.project();
    const now = new Date();
    const row = (projectId: string, email: string) => contactRow(projectId, email, now);
    const upsert = (projectId: string, email: string) =>
      writes.upsertContact(
        t.deps.db,
        t.deps.dialect,
        row(projectId, email),
        { set: { k: 1 }, remove: [] },
        t.deps.batches,
      );
    // The same turn of the event loop: one statement on PostgreSQL, one commit on SQLite. The second
    // names no project, so it breaks the foreign key.
    const outcomes = await Promise.allSettled([
      upsert(p.id, 'a@group.test'),
      upsert(newId(), 'x@group.test'),
      upsert(p.id, 'b@group.test'),
      upsert(p.id, 'c@group.test'),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(t.deps.dialect.isConstraintViolation((outcomes[1] as PromiseRejectedResult).reason)).toBe(true);
    const stored = await t.deps.reader
      .selectFrom('contacts')
      .select('email')
      .where('projectId', '=', p.id)
      .orderBy('email')
      .execute();
    expect(stored.map((c) => c.email)).toEqual(['a@group.test', 'b@group.test', 'c@group.test']);
  });

  it('commits every work of a shared transaction but the failing one, deferred writes included', async () => {
    await sql`create table batch_test (id text primary key)`.execute(t.deps.db);
    const group = transactionGroup(inserts, t.deps);
    const runs: unknown[] = [];
    const work = (id: string) =>
      group(async (trx, defer) => {
        runs.push(trx);
        await trx
          .withTables<Tables>()
          .insertInto('batchTest')
          .values({ id: `direct-${id}` })
          .execute();
        if (id === 'bad') throw new Error('work refused');
        defer(`deferred-${id}`);
        return id;
      });
    const outcomes = await Promise.allSettled(['w1', 'bad', 'w2', 'w3'].map(work));
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 'w1' },
      { status: 'rejected', reason: new Error('work refused') },
      { status: 'fulfilled', value: 'w2' },
      { status: 'fulfilled', value: 'w3' },
    ]);
    // First the group's one transaction (w1, then the failing work ended it), then each in its own.
    expect(runs).toHaveLength(6);
    expect(runs[0]).toBe(runs[1]);
    expect(new Set(runs).size).toBe(5);
    const ids = await t.deps.reader.withTables<Tables>().selectFrom('batchTest').select('id').orderBy('id').execute();
    expect(ids.map((r) => r.id)).toEqual([
      'deferred-w1',
      'deferred-w2',
      'deferred-w3',
      'direct-w1',
      'direct-w2',
      'direct-w3',
    ]);
  });
});
