/**
 * Which segments of each project track membership, kept in memory because every contact write asks
 * (and most projects have none, so the answer must cost nothing). The database stays the truth: a
 * project not held here is read there, and every segment write forgets the project here and, once
 * it commits, in every other process (db/project-cache.ts).
 */

import type { ChangeFeed } from '../db/notify.ts';
import { createProjectCache, type ProjectCache } from '../db/project-cache.ts';

/** A project's tracked DYNAMIC segments and what their filters read besides contact fields. */
export interface TrackedSet {
  segmentIds: readonly string[];
  /** Event names referenced (`event.<name>`). */
  events: ReadonlySet<string>;
  /** Whether any references email facts (`email.opened` …), which email.* events change. */
  emailFacts: boolean;
}

export const NO_TRACKED: TrackedSet = { segmentIds: [], events: new Set(), emailFacts: false };

export type TrackedSegmentsCache = ProjectCache<TrackedSet>;

/** The cache, subscribed to the change feed. */
export function createTrackedSegmentsCache(feed: ChangeFeed): TrackedSegmentsCache {
  return createProjectCache<TrackedSet>(feed, 'tracked_segments', 5000);
}
