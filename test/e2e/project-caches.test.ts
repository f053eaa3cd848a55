// Invariant: for every cache registered at composition (a new one included, with no change here), a
// write through one process forgets the project's cached value in that process at once and, on
// PostgreSQL, in every other process on the same database once the write commits; a project reset's
// one call forgets it in all of them. (On SQLite the feed is in process: both sides are one deps.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../../src/composition.ts';
import type { ProjectCache } from '../../src/db/project-cache.ts';
import type { Deps } from '../../src/deps.ts';
import { createTestDatabase, DIALECTS, type TestDatabase, testConfig } from '../env.ts';
import { makeFactories, type TestProject } from '../factories.ts';

describe.each(DIALECTS)('project caches across processes on %s', (dialect) => {
  let database: TestDatabase;
  let a: Deps & { close(): Promise<void> };
  let b: Deps & { close(): Promise<void> };
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    a = await createDeps(testConfig(database.env));
    b = dialect === 'postgres' ? await createDeps(testConfig(database.env)) : a;
  });
  afterAll(async () => {
    if (b !== a) await b.close();
    await a.close();
    await database.drop();
  });

  /** Whether `read` gives undefined within a second (another process hears through LISTEN/NOTIFY). */
  const forgotten = async (read: () => unknown) => {
    for (let i = 0; i < 50 && read() !== undefined; i++) await new Promise((r) => setTimeout(r, 20));
    return read() === undefined;
  };

  /**
   * Caches `cache`'s value for the project in process `a`, under the first of the project's
   * identifiers the cache answers for (its id, or an API key for the key lookups); fails when none.
   */
  async function cacheIn(cache: ProjectCache<unknown, Deps['db']>, p: TestProject): Promise<string> {
    for (const key of [p.id, p.secretKey, p.publicKey]) {
      if ((await cache.read(a.db, key)) !== undefined) {
        expect(cache.get(key), `${cache.channel} keeps what it read`).toBeDefined();
        return key;
      }
    }
    throw new Error(`the ${cache.channel} cache answers for none of the project's identifiers`);
  }

  it('registers the same caches in every process, the product caches among them', () => {
    expect(a.caches.all.map((c) => c.channel)).toEqual(b.caches.all.map((c) => c.channel));
    expect(a.caches.all).toEqual(
      expect.arrayContaining([
        a.keyCache.keys,
        a.keyCache.settings,
        a.fieldTypes,
        a.trackedSegments,
        a.workflowTriggers,
      ]),
    );
  });

  it('forgets, in both processes, what a write of the project through one of them changes', async () => {
    const make = makeFactories({ deps: a });
    const p = await make.project();
    const other = await make.project();
    for (const [i, cache] of a.caches.all.entries()) {
      const key = await cacheIn(cache, p);
      const untouched = await cacheIn(cache, other);
      await b.caches.all[i]!.writing(b.db, p.id, async () => {});
      expect(b.caches.all[i]!.get(key), `${cache.channel} in the writing process`).toBeUndefined();
      expect(await forgotten(() => cache.get(key)), `${cache.channel} in the other process`).toBe(true);
      expect(cache.get(untouched), `${cache.channel} keeps other projects`).toBeDefined();
    }
  });

  it("forgets the project in every cache of every process with the reset's one call", async () => {
    const make = makeFactories({ deps: a });
    const p = await make.project();
    const keys: string[] = [];
    for (const cache of a.caches.all) keys.push(await cacheIn(cache, p));
    await b.caches.forget(p.id);
    for (const [i, cache] of a.caches.all.entries()) {
      expect(await forgotten(() => cache.get(keys[i]!)), cache.channel).toBe(true);
    }
  });
});
