/**
 * Which custom field keys each project has recorded, kept in memory so a contact write whose keys are
 * all known adds no statement for field types. The database stays the truth: a key missing here is
 * checked there (and the whole project's key list reloaded), and deleting a field forgets the project
 * here and in every other process (db/project-cache.ts).
 */
import type { CacheRegistry, ProjectCache } from '../../db/project-cache.ts';
import { listFieldTypes } from './fields.repo.ts';

declare module '../../deps.ts' {
  interface FeatureState {
    /** Recorded custom field keys per project, forgotten through `changes`. */
    fieldTypes: FieldTypeCache;
  }
}

/** The recorded keys by project; a committed write adds its new keys to the held set. */
export type FieldTypeCache = ProjectCache<Set<string>>;

/** The cache, registered on `caches`. */
export function createFieldTypeCache(caches: CacheRegistry): FieldTypeCache {
  return caches.define({
    channel: 'contact_fields',
    maxEntries: 2000,
    load: async (db, projectId) => new Set((await listFieldTypes(db, projectId)).map((f) => f.key)),
  });
}
