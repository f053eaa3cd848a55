/**
 * The announcer (webhook-types.ts): which endpoints of a project listen to what, kept in memory
 * because every contact write and stored event asks (and most projects have no endpoint, so the
 * answer must cost nothing), and the write of their messages in the caller's transaction. The
 * database stays the truth: every endpoint write forgets the project here and, once it commits, in
 * every other process (db/project-cache.ts).
 */
import type { CacheRegistry, ProjectCache } from '../db/project-cache.ts';
import type { Waker } from '../jobs/waker.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import { insertMessages, listEnabledEndpointEvents } from './messages.repo.ts';
import type { Announcement, Announcer, WebhookEventType } from './webhook-types.ts';

/** A project's enabled endpoints and the types each takes (`*`: all). */
export type Subscriptions = ReadonlyArray<{ id: string; events: ReadonlySet<string> }>;

export type SubscriptionsCache = ProjectCache<Subscriptions>;

const NONE: Subscriptions = [];

export function createSubscriptionsCache(caches: CacheRegistry): SubscriptionsCache {
  return caches.define({
    channel: 'webhook_endpoints',
    maxEntries: 5000,
    async load(db, projectId) {
      const rows = await listEnabledEndpointEvents(db, projectId);
      return rows.length === 0 ? NONE : rows.map((r) => ({ id: r.id, events: new Set(r.events) }));
    },
  });
}

const takes = (events: ReadonlySet<string>, type: string) => events.has('*') || events.has(type);

/** The body of a message: exactly what is signed and sent on every attempt. */
export function messageBody(type: string, at: Date, data: unknown): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

export function createAnnouncer(deps: {
  cache: SubscriptionsCache;
  clock: Clock;
  waker: Pick<Waker, 'wake'>;
}): Announcer {
  const { cache } = deps;
  return {
    async wants(db, projectId, types: readonly WebhookEventType[]) {
      const subs = await cache.read(db, projectId);
      return subs.some((s) => types.some((t) => takes(s.events, t)));
    },
    async announce(db, projectId, items: readonly Announcement[]) {
      if (items.length === 0) return;
      const subs = await cache.read(db, projectId);
      if (subs.length === 0) return;
      const now = deps.clock.now();
      const rows = [];
      for (const item of items) {
        const at = item.at ?? now;
        let body: string | undefined;
        for (const s of subs) {
          if (!takes(s.events, item.type)) continue;
          body ??= messageBody(item.type, at, item.data);
          rows.push({ id: newId(), projectId, endpointId: s.id, type: item.type, payload: body, createdAt: now });
        }
      }
      if (rows.length === 0) return;
      await insertMessages(db, rows, now);
      await deps.waker.wake(db.isTransaction ? db : undefined);
    },
  };
}
