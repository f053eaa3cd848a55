// Invariant: caching API-key lookups never lets a rotated, deleted or disabled key through: the
// process that changes it forgets at once, and on PostgreSQL every other process forgets on commit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../../src/composition.ts';
import type { Deps } from '../../src/deps.ts';
import { createKeyCache } from '../../src/projects/key-cache.ts';
import { authenticateApiKey, regenerateKeys, setProjectDisabled } from '../../src/projects/projects.service.ts';
import { createTestDatabase, DIALECTS, type TestDatabase, testConfig } from '../env.ts';
import { makeFactories } from '../factories.ts';

const localFeed = () => ({
  connected: true,
  listeners: [] as Array<(p: string) => void>,
  async publish(_c: string, payload: string) {
    for (const l of this.listeners) l(payload);
  },
  subscribe(_c: string, l: (p: string) => void) {
    this.listeners.push(l);
  },
  async close() {},
});

describe('key cache', () => {
  it('does not store an answer read before an invalidation that happened meanwhile', async () => {
    const cache = createKeyCache(localFeed());
    const token = cache.begin();
    await cache.invalidateProject('p1');
    cache.set('k', { projectId: 'p1', disabled: false }, token);
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', { projectId: 'p1', disabled: false }, cache.begin());
    expect(cache.get('k')).toEqual(expect.objectContaining({ projectId: 'p1' }));
  });

  it('is bypassed while notices from other processes cannot arrive', () => {
    const feed = { ...localFeed(), connected: false };
    const cache = createKeyCache(feed);
    cache.set('k', { projectId: 'p1', disabled: false }, cache.begin());
    expect(cache.get('k')).toBeUndefined();
  });
});

describe.each(DIALECTS)('cached key lookups on %s', (dialect) => {
  let database: TestDatabase;
  let a: Deps & { close(): Promise<void> };
  let b: Deps & { close(): Promise<void> };
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const config = testConfig(database.env);
    a = await createDeps(config);
    // A second "process" on the same database (on SQLite only the same process shares a feed).
    b = dialect === 'postgres' ? await createDeps(testConfig(database.env)) : a;
  });
  afterAll(async () => {
    if (b !== a) await b.close();
    await a.close();
    await database.drop();
  });

  const eventually = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 50; i++) {
      if (await check()) return true;
      await new Promise((r) => setTimeout(r, 20));
    }
    return false;
  };
  const rejects = (deps: Deps, key: string) =>
    authenticateApiKey(deps, key, false).then(
      () => false,
      () => true,
    );

  it('refuses a rotated secret key in every process right after the rotation', async () => {
    const make = makeFactories({ deps: a });
    const p = await make.project();
    await authenticateApiKey(a, p.secretKey, false);
    await authenticateApiKey(b, p.secretKey, false);
    const rotated = await regenerateKeys(b, p.owner.id, p.id);
    expect(await rejects(b, p.secretKey)).toBe(true);
    expect(await eventually(() => rejects(a, p.secretKey))).toBe(true);
    await expect(authenticateApiKey(a, rotated.secretKey, false)).resolves.toMatchObject({ projectId: p.id });
  });

  it('refuses a cached key once its project is disabled', async () => {
    const make = makeFactories({ deps: a });
    const p = await make.project();
    await authenticateApiKey(a, p.secretKey, false);
    await setProjectDisabled(b, p.id, true);
    expect(await eventually(() => rejects(a, p.secretKey))).toBe(true);
    await expect(authenticateApiKey(a, p.secretKey, false)).rejects.toMatchObject({ code: 'PROJECT_DISABLED' });
  });
});
