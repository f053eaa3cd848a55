/**
 * Which custom field keys each project has recorded, kept in memory so a contact write whose keys are
 * all known adds no statement for field types. The database stays the truth: a key missing here is
 * checked there (and the whole project's key list reloaded), and deleting a field forgets the project
 * here and in every other process through the change feed.
 */
import type { ChangeFeed } from '../../db/notify.ts';

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
  const projects = new Map<string, Set<string>>();
  let generation = 0;
  // '*' comes after the feed reconnects: notices may have been missed, so everything goes.
  const forget = (projectId: string) => {
    generation++;
    if (projectId === '*') projects.clear();
    else projects.delete(projectId);
  };
  feed.subscribe(CHANNEL, forget);
  return {
    get(projectId) {
      // While other processes' notices cannot arrive, a deleted field could look recorded here.
      if (!feed.connected) return undefined;
      const keys = projects.get(projectId);
      if (keys) {
        projects.delete(projectId);
        projects.set(projectId, keys);
      }
      return keys;
    },
    load(projectId, keys, token) {
      if (token !== generation) return;
      projects.set(projectId, new Set(keys));
      if (projects.size > MAX_PROJECTS) projects.delete(projects.keys().next().value!);
    },
    add(projectId, keys) {
      const known = projects.get(projectId);
      if (known) for (const k of keys) known.add(k);
    },
    begin: () => generation,
    async invalidate(projectId, trx) {
      forget(projectId);
      await feed.publish(CHANNEL, projectId, trx);
    },
  };
}
