/**
 * A per-project value kept in memory and forgotten through the change feed: a write forgets the
 * project here at once and, once its transaction commits, in every other process. A load that raced
 * with a forget is not stored (take `begin()` before reading the database), and while other
 * processes' notices cannot arrive nothing is trusted. The least recently used project goes first.
 */
import type { ChangeFeed } from './notify.ts';

export interface ProjectCache<T> {
  /** The project's value, or undefined when not held (or not trustworthy now). */
  get(projectId: string): T | undefined;
  /** A token to take before reading the database. */
  begin(): number;
  /** Stores the value read from the database, unless anything was forgotten since `token`. */
  load(projectId: string, value: T, token: number): void;
  /** Forgets the project here and, once `trx` commits, everywhere. */
  invalidate(projectId: string, trx?: Parameters<ChangeFeed['publish']>[2]): Promise<void>;
}

/** A cache on `channel` (lower-case letters and '_') holding at most `maxProjects` projects. */
export function createProjectCache<T>(feed: ChangeFeed, channel: string, maxProjects: number): ProjectCache<T> {
  const projects = new Map<string, T>();
  let generation = 0;
  // '*' comes after the feed reconnects: notices may have been missed, so everything goes.
  const forget = (projectId: string) => {
    generation++;
    if (projectId === '*') projects.clear();
    else projects.delete(projectId);
  };
  feed.subscribe(channel, forget);
  return {
    get(projectId) {
      if (!feed.connected) return undefined;
      const hit = projects.get(projectId);
      if (hit !== undefined) {
        projects.delete(projectId);
        projects.set(projectId, hit);
      }
      return hit;
    },
    begin: () => generation,
    load(projectId, value, token) {
      if (token !== generation) return;
      projects.set(projectId, value);
      if (projects.size > maxProjects) projects.delete(projects.keys().next().value!);
    },
    async invalidate(projectId, trx) {
      forget(projectId);
      await feed.publish(channel, projectId, trx);
    },
  };
}
