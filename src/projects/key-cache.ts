/**
 * A short-lived cache of API-key lookups: the key lookup runs on every request and was the largest
 * single cost of an authenticated call (bench/auth-overhead.ts). Correctness rests on invalidation:
 * rotating keys, deleting or disabling a project publishes a change that every process applies at
 * once; while another process's changes cannot arrive (notification connection down), the cache is
 * bypassed.
 */
import type { ChangeFeed } from '../db/notify.ts';
import type { Tracking } from '../db/schema.ts';

export interface CachedKey {
  projectId: string;
  disabled: boolean;
}

const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;
const CHANNEL = 'project_keys';

/** A project's sending settings as cached (projects.service.ts getSendSettings). */
export interface CachedSendSettings {
  tracking: Tracking;
  sendRatePerSecond: number | null;
  disabled: boolean;
  defaultLocale: string | null;
}

export interface KeyCache {
  get(key: string): CachedKey | undefined;
  /** The project's cached sending settings; forgotten with its keys. */
  getSettings(projectId: string): CachedSendSettings | undefined;
  setSettings(projectId: string, value: CachedSendSettings, token: number): void;
  /** A token to take before reading the database; set() ignores the value if anything changed since. */
  begin(): number;
  set(key: string, value: CachedKey, token: number): void;
  /** Forgets every key of the project here and in every other process (with `trx`, when it commits). */
  invalidateProject(projectId: string, trx?: Parameters<ChangeFeed['publish']>[2]): Promise<void>;
}

export function createKeyCache(feed: ChangeFeed): KeyCache {
  const entries = new Map<string, CachedKey & { expiresAt: number }>();
  const settings = new Map<string, CachedSendSettings & { expiresAt: number }>();
  // Bumped by every invalidation, so a lookup that raced with one never stores its stale answer.
  let generation = 0;
  const forget = (projectId: string) => {
    generation += 1;
    if (projectId === '*') {
      entries.clear();
      settings.clear();
    } else {
      for (const [k, v] of entries) if (v.projectId === projectId) entries.delete(k);
      settings.delete(projectId);
    }
  };
  feed.subscribe(CHANNEL, forget);
  return {
    get(key) {
      if (!feed.connected) return undefined;
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.expiresAt <= Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return hit;
    },
    getSettings(projectId) {
      if (!feed.connected) return undefined;
      const hit = settings.get(projectId);
      if (!hit || hit.expiresAt <= Date.now()) return undefined;
      return hit;
    },
    setSettings(projectId, value, token) {
      if (!feed.connected || token !== generation) return;
      if (settings.size >= MAX_ENTRIES) settings.delete(settings.keys().next().value!);
      settings.set(projectId, { ...value, expiresAt: Date.now() + TTL_MS });
    },
    begin: () => generation,
    set(key, value, token) {
      if (!feed.connected || token !== generation) return;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, { ...value, expiresAt: Date.now() + TTL_MS });
    },
    async invalidateProject(projectId, trx) {
      forget(projectId);
      await feed.publish(CHANNEL, projectId, trx);
    },
  };
}
