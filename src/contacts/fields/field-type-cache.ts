/**
 * Which custom field keys each project has recorded, kept in memory so a contact write whose keys are
 * all known adds no statement for field types. The database stays the truth: a key missing here is
 * checked there (and the whole project's key list reloaded), and deleting a field forgets the project
 * here and in every other process through the change feed.
 */
import type { ChangeFeed } from '../../db/notify.ts';
import { createProjectCache } from '../../db/project-cache.ts';

const CHANNEL = 'contact_fields';
/** Projects kept; the least recently used goes first. */
const MAX_PROJECTS = 2000;

export interface FieldTypeCache {
  /** The project's recorded keys, or undefined when not loaded. */
  get(projectId: string): ReadonlySet<string> | undefined;
  /** Stores the full key list read from the database (only if nothing invalidated the project since `token`). */
  load(projectId: string, keys: Iterable<string>, token: number): void;
  /** Adds keys that a committed write recorded (ignored when the project is not loaded). */
  add(projectId: string, keys: Iterable<string>): void;
  /** A token to take before reading the database. */
  begin(): number;
  /** Forgets the project here and, once `trx` commits, everywhere. */
  invalidate(projectId: string, trx?: Parameters<ChangeFeed['publish']>[2]): Promise<void>;
}

export function createFieldTypeCache(feed: ChangeFeed): FieldTypeCache {
  const projects = createProjectCache<Set<string>>(feed, CHANNEL, MAX_PROJECTS);
  return {
    // While other processes' notices cannot arrive, a deleted field could look recorded here.
    get: (projectId) => projects.get(projectId),
    load: (projectId, keys, token) => projects.load(projectId, new Set(keys), token),
    add(projectId, keys) {
      const known = projects.get(projectId);
      if (known) for (const k of keys) known.add(k);
    },
    begin: () => projects.begin(),
    invalidate: (projectId, trx) => projects.invalidate(projectId, trx),
  };
}
