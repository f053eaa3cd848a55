// Invariant: compile-once writes outside transactions (grouped into shared commits on SQLite, named
// statements on PostgreSQL) behave like separate autocommit statements: a failing write fails alone,
// the others land; a write made while another caller's transaction is open never joins it; and a
// caller's promise settles only once its write is committed (visible to a fresh reader).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, type TestDatabase, testConfig } from '../../test/env.ts';
import { type DatabaseHandle, type Executor, openDatabase } from './index.ts';
import { templateQuery } from './prepared.ts';

type Tables = { gcTest: { id: string; n: number } };

const insert = templateQuery<'id' | 'n', { id: string }>((db, slot) =>
  (db as Executor)
    .withTables<Tables>()
    .insertInto('gcTest')
    .values({ id: slot('id'), n: slot('n') as unknown as number })
    .returning('id'),
);

describe.each(DIALECTS)('compile-once writes on %s', (dialect) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  const write = (id: string, n: number) => insert(handle.db, handle.dialect, { id, n });
  const ids = async () =>
    (await handle.reader.withTables<Tables>().selectFrom('gcTest').select('id').orderBy('id').execute()).map(
      (r) => r.id,
    );

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    handle = openDatabase(testConfig(database.env));
    await sql`create table gc_test (id text primary key, n integer not null)`.execute(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('lands every write of a concurrent burst but the failing one, which gets its own error', async () => {
    await write('dup', 0);
    const burst = [write('a1', 1), write('dup', 2), write('a2', 3), write('a3', 4)];
    const outcomes = await Promise.allSettled(burst);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(handle.dialect.isUniqueViolation((outcomes[1] as PromiseRejectedResult).reason)).toBe(true);
    expect((outcomes[0] as PromiseFulfilledResult<{ id: string }[]>).value).toEqual([{ id: 'a1' }]);
    expect(await ids()).toEqual(['a1', 'a2', 'a3', 'dup']);
  });

  it('settles each write only after its commit, so a fresh read sees it', async () => {
    const written = await Promise.all(Array.from({ length: 50 }, (_, i) => write(`c${String(i).padStart(2, '0')}`, i)));
    expect(written).toHaveLength(50);
    const seen = await ids();
    for (let i = 0; i < 50; i++) expect(seen).toContain(`c${String(i).padStart(2, '0')}`);
  });

  it('never puts a write into another caller’s open transaction', async () => {
    let grouped: Promise<unknown> | undefined;
    const failed = handle.db.transaction().execute(async (trx) => {
      await trx.withTables<Tables>().insertInto('gcTest').values({ id: 't1', n: 1 }).execute();
      grouped = write('outside', 2);
      // Let the grouped write's turn come while this transaction is still open.
      await new Promise((resolve) => setImmediate(resolve));
      await trx.withTables<Tables>().insertInto('gcTest').values({ id: 't2', n: 2 }).execute();
      throw new Error('roll back');
    });
    await expect(failed).rejects.toThrow('roll back');
    await grouped;
    const seen = await ids();
    expect(seen).toContain('outside');
    expect(seen).not.toContain('t1');
    expect(seen).not.toContain('t2');
  });
});
