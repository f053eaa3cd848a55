/**
 * Each project's topics as contact views, filters and the preference center need them, kept in
 * memory so a contact read of a project without topics costs no statement. Every topic write forgets
 * the project here and, once committed, in every other process (db/project-cache.ts).
 */
import { toBool } from '../db/codecs.ts';
import type { CacheRegistry, ProjectCache } from '../db/project-cache.ts';
import { listTopics } from './topics.repo.ts';

declare module '../deps.ts' {
  interface FeatureState {
    /** Each project's topics (ids, names, defaults), forgotten through `changes`. */
    topics: TopicCache;
  }
}

/** What views and choices need of a topic. */
export interface TopicDef {
  id: string;
  name: string;
  /** Shown under the name on the preference center. */
  description: string | null;
  defaultSubscribed: boolean;
  public: boolean;
}

export type TopicCache = ProjectCache<TopicDef[]>;

/** The cache, registered on `caches`. */
export function createTopicCache(caches: CacheRegistry): TopicCache {
  return caches.define({
    channel: 'topics',
    maxEntries: 5000,
    load: async (db, projectId) =>
      (await listTopics(db, projectId)).map((t) => ({
        id: t.id,
        name: t.name,
        description: t.description,
        defaultSubscribed: toBool(t.defaultSubscribed),
        public: toBool(t.public),
      })),
  });
}
