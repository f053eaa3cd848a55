/**
 * Contacts' topic choices (beyond.md §1): which topics a contact is subscribed to (subscribed at all,
 * and its own choice, or else the topic's default, is yes), changing choices with their events, and
 * the choices as a contact's data export lists them.
 */
import { toBool } from '../db/codecs.ts';
import type { Executor, Trx } from '../db/index.ts';
import type { Deps } from '../deps.ts';
import { recordEvents } from '../events/events.service.ts';
import type { TopicDef } from './topic-cache.ts';
import * as repo from './topics.repo.ts';

type ChoiceDeps = Pick<Deps, 'reader' | 'topics'>;

/** The effective topic ids of one contact, given the project's topics and its own choices. */
function effectiveTopics(defs: readonly TopicDef[], subscribed: boolean, own: ReadonlyMap<string, boolean>): string[] {
  if (!subscribed) return [];
  return defs.filter((t) => own.get(t.id) ?? t.defaultSubscribed).map((t) => t.id);
}

/**
 * `views` with `topics` filled in: one read of their choices through `db` (the caller's transaction
 * sees its own writes), none when the project has no topics.
 */
export async function withTopics<V extends { id: string; subscribed: boolean; topics: string[] }>(
  deps: ChoiceDeps,
  db: Executor,
  projectId: string,
  views: V[],
): Promise<V[]> {
  // Through `db`: inside a transaction a second connection from the pool could wait on the first forever.
  const defs = await deps.topics.read(db, projectId);
  if (defs.length === 0 || views.length === 0) return views;
  const own = new Map<string, Map<string, boolean>>();
  for (const c of await repo.listChoicesOf(
    db,
    projectId,
    views.map((v) => v.id),
  )) {
    const m = own.get(c.contactId) ?? new Map<string, boolean>();
    m.set(c.topicId, toBool(c.subscribed));
    own.set(c.contactId, m);
  }
  return views.map((v) => ({ ...v, topics: effectiveTopics(defs, v.subscribed, own.get(v.id) ?? new Map()) }));
}

/** One view with its topics (see withTopics). */
export async function withTopicsOne<V extends { id: string; subscribed: boolean; topics: string[] }>(
  deps: ChoiceDeps,
  db: Executor,
  projectId: string,
  view: V,
): Promise<V> {
  return (await withTopics(deps, db, projectId, [view]))[0]!;
}

/**
 * Writes a contact's choices for the named topics (ids already checked: requireTopicIds) in the
 * caller's transaction, and records `contact.topic.subscribed` / `contact.topic.unsubscribed`
 * `{ ...eventData, topicId, topicName, source }` for each choice that differs from what applied before (its former
 * choice, or else the default). Returns the ids whose choice changed.
 */
export async function applyTopicChoicesIn(
  deps: Pick<Deps, 'reader' | 'topics' | 'clock' | 'eventListeners'>,
  trx: Trx,
  projectId: string,
  contactId: string,
  choices: Readonly<Record<string, boolean>>,
  opts: { source?: string; eventData?: Record<string, unknown> } = {},
): Promise<string[]> {
  const ids = Object.keys(choices);
  if (ids.length === 0) return [];
  const defs = new Map((await deps.topics.read(trx, projectId)).map((t) => [t.id, t]));
  const before = new Map(
    (await repo.listChoicesOf(trx, projectId, [contactId])).map((c) => [c.topicId, toBool(c.subscribed)]),
  );
  const wanted = ids.filter((id) => defs.has(id)).map((topicId) => ({ topicId, subscribed: choices[topicId]! }));
  await repo.upsertChoices(trx, projectId, contactId, wanted, deps.clock.now());
  const changed = wanted.filter(
    (w) => (before.get(w.topicId) ?? defs.get(w.topicId)!.defaultSubscribed) !== w.subscribed,
  );
  await recordEvents(
    { ...deps, db: trx },
    changed.map((w) => ({
      projectId,
      contactId,
      name: w.subscribed ? 'contact.topic.subscribed' : 'contact.topic.unsubscribed',
      data: {
        ...opts.eventData,
        topicId: w.topicId,
        topicName: defs.get(w.topicId)!.name,
        source: opts.source ?? 'api',
      },
    })),
  );
  return changed.map((w) => w.topicId);
}

export interface TopicChoice {
  topicId: string;
  topicName: string;
  subscribed: boolean;
  updatedAt: string;
}

/** The contact's own choices, with the topics' names (a data export lists them). */
export async function topicChoicesOf(
  deps: ChoiceDeps,
  db: Executor,
  projectId: string,
  contactId: string,
): Promise<TopicChoice[]> {
  const names = new Map((await deps.topics.read(db, projectId)).map((t) => [t.id, t.name]));
  return (await repo.listChoicesOf(db, projectId, [contactId])).map((c) => ({
    topicId: c.topicId,
    topicName: names.get(c.topicId) ?? '',
    subscribed: toBool(c.subscribed),
    updatedAt: new Date(c.updatedAt).toISOString(),
  }));
}
