// Invariant: the dialect's claimRows hands each row to exactly one claimer. On PostgreSQL four
// claimers on separate pool connections, running at once, never hold the same row and together
// claim every row (FOR UPDATE SKIP LOCKED); on SQLite the single writer gives the same result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, type TestDatabase, testConfig } from '../../test/env.ts';
import { holdTransaction } from '../../test/fixtures/held-transaction.ts';
import { createLogger, migrate } from '../deps.ts';
import { insertJobs } from '../jobs/jobs.repo.ts';
import { type DatabaseHandle, openDatabase } from './index.ts';
import type { Database } from './schema.ts';

const ROWS = 400;
const CLAIMERS = 4;

describe.each(DIALECTS)('claimRows on %s', (dialect) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    handle = openDatabase({ ...testConfig(database.env), pgPoolSize: CLAIMERS + 2 });
    await migrate({ ...handle, log: createLogger('silent') });
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('gives every row to exactly one of four concurrent claimers', async () => {
    const now = new Date();
    const jobs = Array.from({ length: ROWS }, (_, i) => ({
      name: 'claim.test',
      payload: { i },
      runAt: now,
      maxAttempts: 1,
    }));
    await insertJobs(handle.db, jobs, now);
    const claimer = async (worker: string) => {
      const mine: string[] = [];
      for (;;) {
        // Each call takes its own pool connection; the four loops run at the same time.
        const rows = await handle.dialect.claimRows<Database, 'jobs'>(handle.db, {
          table: 'jobs',
          where: (eb) => eb.and([eb('name', '=', 'claim.test'), eb('lockedAt', 'is', null)]),
          orderBy: ['runAt', 'id'],
          limit: 7,
          set: { lockedAt: new Date(), lockedBy: worker },
        });
        if (rows.length === 0) return mine;
        expect(rows.every((r) => r.lockedBy === worker)).toBe(true);
        mine.push(...rows.map((r) => r.id));
      }
    };
    const results = await Promise.all(Array.from({ length: CLAIMERS }, (_, i) => claimer(`w${i}`)));
    const claimedBy = new Map(results.map((ids, i) => [`w${i}`, ids]));
    const all = results.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(ROWS);
    const stored = await handle.db
      .selectFrom('jobs')
      .select(['id', 'lockedBy'])
      .where('name', '=', 'claim.test')
      .execute();
    for (const row of stored) expect(claimedBy.get(row.lockedBy!)).toContain(row.id);
    // More than one claimer got work: they really ran side by side.
    if (dialect === 'postgres') expect(results.filter((ids) => ids.length > 0).length).toBeGreaterThan(1);
  });

  // A renewal must never wait on a row whose outcome another transaction is writing: taking the rows
  // in its own order while that transaction takes them in another is a deadlock (seen: stamps of a
  // campaign against the batch's lease renewal on PostgreSQL).
  it('renewRows extends the rows nobody is writing and passes over one held by an open transaction', async () => {
    const now = new Date();
    const jobs = Array.from({ length: 5 }, (_, i) => ({
      name: 'renew.test',
      payload: { i },
      runAt: now,
      maxAttempts: 1,
    }));
    await insertJobs(handle.db, jobs, now);
    const ids = (
      await handle.db.selectFrom('jobs').select('id').where('name', '=', 'renew.test').orderBy('id').execute()
    ).map((r) => r.id);
    const renewed = new Date(now.getTime() + 60_000);
    const renew = () =>
      handle.dialect.renewRows<Database, 'jobs'>(handle.db, {
        table: 'jobs',
        ids,
        fence: (eb) => eb('name', '=', 'renew.test'),
        set: { lockedAt: renewed, lockedBy: 'renewal' },
      });
    const holders = async () =>
      (
        await handle.db.selectFrom('jobs').select(['id', 'lockedBy']).where('id', 'in', ids).orderBy('id').execute()
      ).map((r) => r.lockedBy);
    if (dialect === 'sqlite') {
      await renew();
      expect(await holders()).toEqual(ids.map(() => 'renewal'));
      return;
    }
    // Another connection writes the third row and keeps its transaction open while the renewal runs.
    const writer = await holdTransaction(handle.db, (trx) =>
      trx.updateTable('jobs').set({ lockedBy: 'writer' }).where('id', '=', ids[2]!).execute(),
    );
    const waited = await Promise.race([
      renew().then(() => false),
      new Promise<boolean>((r) => setTimeout(() => r(true), 5_000)),
    ]);
    await writer.release();
    expect(waited, 'the renewal waited on the held row').toBe(false);
    expect(await holders()).toEqual(['renewal', 'renewal', 'writer', 'renewal', 'renewal']);
  });
});
