/**
 * Which segments of each project track membership, kept in memory because every contact write asks
 * (and most projects have none, so the answer must cost nothing). The database stays the truth: a
 * project not held here is read there; any segment write forgets the project here and, once it
 * commits, in every other process through the change feed. While other processes' notices cannot
 * arrive, nothing is trusted.
 */
import type { ChangeFeed } from '../db/notify.ts';

const CHANNEL = 'tracked_segments';
/** Projects kept; the least recently used goes first. */
const MAX_PROJECTS = 5000;

/** A project's tracked DYNAMIC segments and what their filters read besides contact fields. */
export interface TrackedSet {
  segmentIds: readonly string[];
  /** Event names referenced (`event.<name>`). */
  events: ReadonlySet<string>;
  /** Whether any references email facts (`email.opened` …), which email.* events change. */
  emailFacts: boolean;
}

export const NO_TRACKED: TrackedSet = { segmentIds: [], events: new Set(), emailFacts: false };

export interface TrackedSegmentsCache {
  /** The project's set, or undefined when not held. */
  get(projectId: string): TrackedSet | undefined;
  /** A token to take before reading the database. */
  begin(): number;
  /** Stores the set read from the database (only if nothing invalidated since `token`). */
  load(projectId: string, value: TrackedSet, token: number): void;
  /** Forgets the project here and, once `trx` commits, everywhere. */
  invalidate(projectId: string, trx?: Parameters<ChangeFeed['publish']>[2]): Promise<void>;
}

/** The cache, subscribed to the change feed. */
export function createTrackedSegmentsCache(feed: ChangeFeed): TrackedSegmentsCache {
  const projects = new Map<string, TrackedSet>();
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
      if (!feed.connected) return undefined;
      const hit = projects.get(projectId);
      if (hit) {
        projects.delete(projectId);
        projects.set(projectId, hit);
      }
      return hit;
    },
    begin: () => generation,
    load(projectId, value, token) {
      if (!feed.connected || token !== generation) return;
      projects.set(projectId, value);
      if (projects.size > MAX_PROJECTS) projects.delete(projects.keys().next().value!);
    },
    async invalidate(projectId, trx) {
      forget(projectId);
      await feed.publish(CHANNEL, projectId, trx);
    },
  };
}
