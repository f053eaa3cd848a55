// Invariant: the dialect's claimRows hands each row to exactly one claimer. On PostgreSQL four
// claimers on separate pool connections, running at once, never hold the same row and together
// claim every row (FOR UPDATE SKIP LOCKED); on SQLite the single writer gives the same result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, type TestDatabase, testConfig } from '../../test/env.ts';
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
});
