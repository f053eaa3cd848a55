/**
 * Which segments of each project track membership, kept in memory because every contact write asks
 * (and most projects have none, so the answer must cost nothing). The database stays the truth: a
 * project not held here is read there, and every segment write forgets the project here and, once
 * it commits, in every other process (db/project-cache.ts).
 */
import { fromJson } from '../db/codecs.ts';
import type { CacheRegistry, ProjectCache } from '../db/project-cache.ts';
import { filterReferences } from './filters/check.ts';
import type { FilterGroup } from './filters/tree.ts';
import { listTrackedSegments, type SegmentRow } from './segments.repo.ts';

declare module '../deps.ts' {
  interface FeatureState {
    /** Which projects have segments that track membership, forgotten through `changes`. */
    trackedSegments: TrackedSegmentsCache;
  }
}

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

/** The cache, registered on `caches`. */
export function createTrackedSegmentsCache(caches: CacheRegistry): TrackedSegmentsCache {
  return caches.define({
    channel: 'tracked_segments',
    maxEntries: 5000,
    async load(db, projectId) {
      const rows = await listTrackedSegments(db, projectId);
      return rows.length === 0 ? NO_TRACKED : summarize(rows);
    },
  });
}

function summarize(rows: SegmentRow[]): TrackedSet {
  const events = new Set<string>();
  let emailFacts = false;
  for (const row of rows) {
    const refs = filterReferences(fromJson<FilterGroup>(row.filter));
    for (const e of refs.events) events.add(e);
    if (refs.fields.some((f) => f.startsWith('email.'))) emailFacts = true;
  }
  return { segmentIds: rows.map((r) => r.id), events, emailFacts };
}
