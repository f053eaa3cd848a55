/**
 * A short-lived cache of API-key lookups and projects' sending settings: the key lookup runs on every
 * request and was the largest single cost of an authenticated call (bench/auth-overhead.ts).
 * Correctness rests on invalidation (db/project-cache.ts): rotating keys, changing settings, deleting
 * or disabling a project forgets both caches of the project in every process.
 */
import { toBool } from '../db/codecs.ts';
import type { Db } from '../db/index.ts';
import type { CacheRegistry, ProjectCache } from '../db/project-cache.ts';
import type { Tracking } from '../db/schema.ts';
import { hashSecretKey } from './keys.ts';
import * as repo from './projects.repo.ts';
import { type ScheduleSettings, toScheduleSettings } from './schedule-settings.ts';

declare module '../deps.ts' {
  interface FeatureState {
    /** API-key lookups and sending settings, forgotten through `changes`. */
    keyCache: KeyCache;
  }
}

export interface CachedKey {
  projectId: string;
  disabled: boolean;
}

/** A project's sending settings as cached (projects.service.ts getSendSettings). */
export interface CachedSendSettings {
  tracking: Tracking;
  sendRatePerSecond: number | null;
  disabled: boolean;
  defaultLocale: string | null;
  schedule: ScheduleSettings;
}

export interface KeyCache {
  /** Projects by API key as sent (`sk_…`, `pk_…`), so a hit costs no hashing. */
  keys: ProjectCache<CachedKey | undefined, Db>;
  /** Sending settings by project id. */
  settings: ProjectCache<CachedSendSettings | undefined>;
}

const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;
// One channel: a change to a project forgets its keys and its settings together.
const CHANNEL = 'project_keys';

/** Both caches, registered on `caches`. */
export function createKeyCache(caches: CacheRegistry): KeyCache {
  return {
    keys: caches.define({
      channel: CHANNEL,
      maxEntries: MAX_ENTRIES,
      ttlMs: TTL_MS,
      projectOf: (_key, found) => found.projectId,
      async load(db: Db, key) {
        const row = key.startsWith('sk_')
          ? await repo.findProjectBySecretHash(db, hashSecretKey(key))
          : await repo.findProjectByPublicKey(db, key);
        return row ? { projectId: row.id, disabled: toBool(row.disabled) } : undefined;
      },
    }),
    settings: caches.define({
      channel: CHANNEL,
      maxEntries: MAX_ENTRIES,
      ttlMs: TTL_MS,
      async load(db, projectId) {
        const row = await repo.findSendSettings(db, projectId);
        if (!row) return undefined;
        const { tracking, sendRatePerSecond, disabled, defaultLocale } = row;
        const schedule = toScheduleSettings(row);
        return { tracking, sendRatePerSecond, disabled: toBool(disabled), defaultLocale, schedule };
      },
    }),
  };
}
