/**
 * Values read from the database and kept in memory, forgotten per project through the change feed:
 * a write forgets the project here at once and, once its transaction commits, in every other process
 * (LISTEN/NOTIFY on PostgreSQL). A read that raced with a forget is answered but not kept, and while
 * other processes' notices cannot arrive nothing is trusted. The least recently used entry goes first.
 * Every cache is defined on the process's registry, so one call forgets a project in all of them.
 */
import type { Db, Executor, Trx } from './index.ts';
import type { ChangeFeed } from './notify.ts';

/** A cache's definition; `D` is what its loader reads through (any executor unless it needs the pool). */
export interface CacheSpec<V, D extends Executor = Executor> {
  /** The change-feed channel (lower-case letters and '_'); caches sharing one are forgotten together. */
  channel: string;
  /** Entries kept. */
  maxEntries: number;
  /** How long an entry is trusted; without it, until its project is forgotten. */
  ttlMs?: number;
  /** Reads the value of `key` through `db`; undefined is answered, never kept. */
  load(db: D, key: string): Promise<V>;
  /** The project an entry belongs to; without it, the key is the project id. */
  projectOf?(key: string, value: NonNullable<V>): string;
}

export interface ProjectCache<V, D extends Executor = Executor> {
  readonly channel: string;
  /**
   * The value of `key`: the one held, or else read through `db` (the caller's transaction when it
   * has one) and kept. A held value `usable` refuses is read again.
   */
  read(db: D, key: string, usable?: (held: NonNullable<V>) => boolean): Promise<V>;
  /** The value held for `key`, without reading (undefined while not trustworthy). */
  get(key: string): NonNullable<V> | undefined;
  /**
   * Runs `write` in a transaction of `db` that forgets the project: every process forgets it when the
   * transaction commits, and this one forgets it again after the commit (a read between the first
   * forget and the commit saw the old rows).
   */
  writing<T>(db: Db, projectId: string, write: (trx: Trx) => Promise<T>): Promise<T>;
}

export interface CacheRegistry {
  /** A cache, registered so `forget` reaches it. */
  define<V, D extends Executor = Executor>(spec: CacheSpec<V, D>): ProjectCache<V, D>;
  /** Every cache defined, in the order defined. */
  readonly all: readonly ProjectCache<unknown, Db>[];
  /** Forgets the project in every cache, here at once and in every other process (after a committed write). */
  forget(projectId: string): Promise<void>;
}

/** The registry of a process's caches, forgotten through `feed`. */
export function createCacheRegistry(feed: ChangeFeed): CacheRegistry {
  const all: ProjectCache<unknown, Db>[] = [];
  const forgetters = new Map<string, Array<(projectId: string) => void>>();
  // Of caches sharing a channel, each forgets what any of them is told to.
  const forgetHere = (channel: string, projectId: string) => {
    for (const forget of forgetters.get(channel) ?? []) forget(projectId);
  };
  const publish = async (channel: string, projectId: string, trx?: Trx) => {
    forgetHere(channel, projectId);
    await feed.publish(channel, projectId, trx);
  };
  return {
    all,
    define<V, D extends Executor = Executor>(spec: CacheSpec<V, D>) {
      let list = forgetters.get(spec.channel);
      if (!list) {
        list = [];
        forgetters.set(spec.channel, list);
        // '*' comes after the feed reconnects: notices may have been missed, so everything goes.
        feed.subscribe(spec.channel, (projectId) => forgetHere(spec.channel, projectId));
      }
      const { cache, forget } = memoryCache(feed, spec, publish, forgetHere);
      list.push(forget);
      all.push(cache as unknown as ProjectCache<unknown, Db>);
      return cache;
    },
    async forget(projectId) {
      for (const channel of forgetters.keys()) await publish(channel, projectId);
    },
  };
}

function memoryCache<V, D extends Executor>(
  feed: ChangeFeed,
  spec: CacheSpec<V, D>,
  publish: (channel: string, projectId: string, trx?: Trx) => Promise<void>,
  forgetHere: (channel: string, projectId: string) => void,
) {
  const entries = new Map<string, { value: NonNullable<V>; expiresAt: number }>();
  // Bumped by every forget, so a read that raced with one never keeps its stale answer.
  let generation = 0;
  const projectOf = spec.projectOf ?? ((key: string) => key);

  function forget(projectId: string): void {
    generation++;
    if (projectId === '*') entries.clear();
    else if (!spec.projectOf) entries.delete(projectId);
    else for (const [key, e] of entries) if (projectOf(key, e.value) === projectId) entries.delete(key);
  }

  function get(key: string): NonNullable<V> | undefined {
    if (!feed.connected) return undefined;
    const hit = entries.get(key);
    if (!hit) return undefined;
    entries.delete(key);
    if (hit.expiresAt <= Date.now()) return undefined;
    entries.set(key, hit);
    return hit.value;
  }

  function keep(key: string, value: V, token: number): void {
    if (value === undefined || value === null || token !== generation || !feed.connected) return;
    entries.delete(key);
    entries.set(key, { value, expiresAt: spec.ttlMs === undefined ? Infinity : Date.now() + spec.ttlMs });
    if (entries.size > spec.maxEntries) entries.delete(entries.keys().next().value!);
  }

  const cache: ProjectCache<V, D> = {
    channel: spec.channel,
    get,
    async read(db, key, usable) {
      const hit = get(key);
      if (hit !== undefined && (!usable || usable(hit))) return hit;
      const token = generation;
      const value = await spec.load(db, key);
      keep(key, value, token);
      return value;
    },
    async writing(db, projectId, write) {
      const out = await db.transaction().execute(async (trx) => {
        const result = await write(trx);
        await publish(spec.channel, projectId, trx);
        return result;
      });
      // The others forgot on the commit's notice, after which they read the new rows.
      forgetHere(spec.channel, projectId);
      return out;
    },
  };
  return { cache, forget };
}
