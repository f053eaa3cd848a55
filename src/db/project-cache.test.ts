// Invariant: a cache never keeps a value read before a forget that happened meanwhile, trusts
// nothing while other processes' notices cannot arrive, and a forget reaches every cache of the
// project: those sharing its channel and, through the registry, all of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testConfig } from '../../test/env.ts';
import { createLogger } from '../deps.ts';
import { type DatabaseHandle, type Db, type Executor, openDatabase } from './index.ts';
import { type ChangeFeed, createChangeFeed } from './notify.ts';
import { type CacheSpec, createCacheRegistry } from './project-cache.ts';

// A real SQLite database and its change feed (in process: a notice reaches subscribers at once).
let database: TestDatabase;
let handle: DatabaseHandle;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase('sqlite');
  handle = openDatabase(testConfig(database.env));
  db = handle.db;
});
afterAll(async () => {
  await handle.close();
  await database.drop();
});

/** The feed, recording what was published on `channels`; `connected` false stands for a lost connection. */
function feed(connected = true, channels: string[] = []): ChangeFeed & { sent: string[] } {
  const real = createChangeFeed(handle, undefined, createLogger('silent'));
  const sent: string[] = [];
  for (const c of channels) real.subscribe(c, (payload) => sent.push(`${c}:${payload}`));
  return {
    sent,
    connected,
    publish: (channel, payload, trx) => real.publish(channel, payload, trx),
    subscribe: (channel, listener) => real.subscribe(channel, listener),
    close: () => real.close(),
  };
}

/** A spec whose loader answers `<key>#<n>`, n counting the loads. */
function counting(channel = 'test', extra: Partial<CacheSpec<string>> = {}) {
  let loads = 0;
  const spec: CacheSpec<string> = {
    channel,
    maxEntries: 10,
    load: async (_db: Executor, key) => `${key}#${++loads}`,
    ...extra,
  };
  return spec;
}

describe('project cache', () => {
  it('reads through once, then answers from memory', async () => {
    const cache = createCacheRegistry(feed()).define(counting());
    expect(await cache.read(db, 'p1')).toBe('p1#1');
    expect(await cache.read(db, 'p1')).toBe('p1#1');
    expect(cache.get('p1')).toBe('p1#1');
  });

  it('does not keep a value read before a forget that happened meanwhile', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const registry = createCacheRegistry(feed());
    const cache = registry.define<string>({
      channel: 'test',
      maxEntries: 10,
      load: async () => {
        await gate;
        return 'stale';
      },
    });
    const reading = cache.read(db, 'p1');
    await registry.forget('p1');
    release();
    expect(await reading).toBe('stale');
    expect(cache.get('p1')).toBeUndefined();
  });

  it('trusts nothing while notices from other processes cannot arrive', async () => {
    const cache = createCacheRegistry(feed(false)).define(counting());
    expect(await cache.read(db, 'p1')).toBe('p1#1');
    expect(await cache.read(db, 'p1')).toBe('p1#2');
    expect(cache.get('p1')).toBeUndefined();
  });

  it('reads again a held value the caller cannot use, and values past their time', async () => {
    const cache = createCacheRegistry(feed()).define(counting('test', { ttlMs: 20 }));
    await cache.read(db, 'p1');
    expect(await cache.read(db, 'p1', (held) => held.endsWith('#2'))).toBe('p1#2');
    await new Promise((r) => setTimeout(r, 30));
    expect(cache.get('p1')).toBeUndefined();
    expect(await cache.read(db, 'p1')).toBe('p1#3');
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const cache = createCacheRegistry(feed()).define(counting('test', { maxEntries: 2 }));
    await cache.read(db, 'a');
    await cache.read(db, 'b');
    await cache.read(db, 'a');
    await cache.read(db, 'c');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['a#1', undefined, 'c#3']);
  });

  it('does not keep undefined', async () => {
    const cache = createCacheRegistry(feed()).define<string | undefined>({
      channel: 'test',
      maxEntries: 10,
      load: async () => undefined,
    });
    expect(await cache.read(db, 'p1')).toBeUndefined();
    expect(cache.get('p1')).toBeUndefined();
  });

  it('forgets, on a write, every entry of the project in every cache of its channel, and publishes in and after the transaction', async () => {
    const notices = feed(true, ['shared', 'other']);
    const registry = createCacheRegistry(notices);
    const byKey = registry.define(counting('shared', { projectOf: (_key, value) => value.slice(3, 5) }));
    const byProject = registry.define(counting('shared'));
    const other = registry.define(counting('other'));
    await byKey.read(db, 'k1:p1');
    await byKey.read(db, 'k2:p2');
    await byProject.read(db, 'p1');
    await other.read(db, 'p1');
    expect(await byProject.writing(db, 'p1', async () => 'done')).toBe('done');
    expect([byKey.get('k1:p1'), byKey.get('k2:p2'), byProject.get('p1'), other.get('p1')]).toEqual([
      undefined,
      'k2:p2#2',
      undefined,
      'p1#1',
    ]);
    // In the transaction only: the others forgot when it committed, and read the new rows since.
    expect(notices.sent).toEqual(['shared:p1']);
  });

  it('forgets a project in every registered cache with one call', async () => {
    const notices = feed(true, ['one', 'two']);
    const registry = createCacheRegistry(notices);
    const caches = [registry.define(counting('one')), registry.define(counting('two'))];
    for (const c of caches) await c.read(db, 'p1');
    await registry.forget('p1');
    expect(caches.map((c) => c.get('p1'))).toEqual([undefined, undefined]);
    expect(registry.all).toEqual(caches);
    expect(notices.sent.sort()).toEqual(['one:p1', 'two:p1']);
  });

  it("forgets everything on the feed's '*' (notices may have been missed while it was down)", async () => {
    const notices = feed();
    const cache = createCacheRegistry(notices).define(counting());
    await cache.read(db, 'p1');
    await cache.read(db, 'p2');
    await notices.publish('test', '*');
    expect([cache.get('p1'), cache.get('p2')]).toEqual([undefined, undefined]);
  });
});
