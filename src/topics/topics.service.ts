/**
 * A project's topics (beyond.md §1): create (at most 100), read with subscriber counts, change,
 * delete (409 while a SCHEDULED or SENDING campaign uses one). Writes go through the topic cache, so
 * every process forgets the project's topics once they commit.
 */
import { toBool } from '../db/codecs.ts';
import type { Deps } from '../deps.ts';
import { conflict, invalid, notFound } from '../errors.ts';
import { newId } from '../lib/ids.ts';
import type { TopicDef } from './topic-cache.ts';
import * as repo from './topics.repo.ts';
import type { CreateTopicBody, TopicView, UpdateTopicBody } from './topics.schemas.ts';

/** Topics a project may have. */
export const MAX_TOPICS = 100;

type ReadDeps = Pick<Deps, 'reader' | 'topics'>;
type WriteDeps = Pick<Deps, 'db' | 'reader' | 'clock' | 'topics'>;

/** The project's topics as cached (ids, names, defaults). */
export function topicDefs(deps: ReadDeps, projectId: string): Promise<TopicDef[]> {
  return deps.topics.read(deps.reader, projectId);
}

/** 422 on `field` naming the first of `ids` that is not a topic of the project. */
export async function requireTopicIds(
  deps: ReadDeps,
  projectId: string,
  ids: readonly string[],
  field: string,
): Promise<void> {
  if (ids.length === 0) return;
  const known = new Set((await topicDefs(deps, projectId)).map((t) => t.id));
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined) throw invalid(field, `unknown topic ${unknown}`, 'UNKNOWN_TOPIC');
}

function toTopicView(row: repo.TopicRow, subscriberCount: number): TopicView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    defaultSubscribed: toBool(row.defaultSubscribed),
    public: toBool(row.public),
    subscriberCount,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** The views of `rows` with their subscriber counts, from one grouped count of the project's choices. */
async function withCounts(deps: Pick<Deps, 'reader'>, projectId: string, rows: repo.TopicRow[]): Promise<TopicView[]> {
  if (rows.length === 0) return [];
  const anyDefault = rows.some((r) => toBool(r.defaultSubscribed));
  const { choices, subscribed } = await repo.countTopicChoices(deps.reader, projectId, anyDefault);
  return rows.map((row) => {
    const c = choices.get(row.id) ?? { yes: 0, no: 0 };
    // A default topic reaches every subscribed contact except those who said no.
    return toTopicView(row, toBool(row.defaultSubscribed) ? subscribed - c.no : c.yes);
  });
}

export async function listTopicViews(deps: Pick<Deps, 'reader'>, projectId: string): Promise<TopicView[]> {
  return withCounts(deps, projectId, await repo.listTopics(deps.reader, projectId));
}

/** The topic, or 404 TOPIC_NOT_FOUND (another project's too). */
export async function getTopic(deps: Pick<Deps, 'reader'>, projectId: string, id: string): Promise<TopicView> {
  const row = await repo.findTopic(deps.reader, projectId, id);
  if (!row) throw notFound('TOPIC');
  const [view] = await withCounts(deps, projectId, [row]);
  return view!;
}

export async function createTopic(deps: WriteDeps, projectId: string, input: CreateTopicBody): Promise<TopicView> {
  const now = deps.clock.now();
  const id = newId();
  await deps.topics.writing(deps.db, projectId, async (trx) => {
    // Counted in the writing transaction: on SQLite one writer, on PostgreSQL a cap off by a concurrent create at worst.
    if ((await repo.countTopics(trx, projectId)) >= MAX_TOPICS) {
      throw invalid('name', `a project may have at most ${MAX_TOPICS} topics`, 'TOO_MANY_TOPICS');
    }
    await repo.insertTopic(trx, {
      id,
      projectId,
      name: input.name,
      description: input.description ?? null,
      defaultSubscribed: input.defaultSubscribed ?? false,
      public: input.public ?? true,
      createdAt: now,
      updatedAt: now,
    });
  });
  return getTopic(deps, projectId, id);
}

export async function updateTopic(
  deps: WriteDeps,
  projectId: string,
  id: string,
  input: UpdateTopicBody,
): Promise<TopicView> {
  const row = await deps.topics.writing(deps.db, projectId, (trx) =>
    repo.updateTopic(trx, projectId, id, {
      name: input.name,
      description: input.description,
      defaultSubscribed: input.defaultSubscribed,
      public: input.public,
      updatedAt: deps.clock.now(),
    }),
  );
  if (!row) throw notFound('TOPIC');
  return getTopic(deps, projectId, id);
}

/** Deletes the topic and every choice of it; the campaigns that named it lose their topic. 409 while a campaign on its way uses it. */
export async function deleteTopic(deps: WriteDeps, projectId: string, id: string): Promise<void> {
  const outcome = await deps.topics.writing(deps.db, projectId, async (trx) => {
    if (!(await repo.findTopic(trx, projectId, id))) return 'missing';
    if (!(await repo.deleteTopicUnlessInUse(trx, projectId, id))) return 'in-use';
    await repo.clearCampaignTopic(trx, projectId, id);
    return 'deleted';
  });
  if (outcome === 'missing') throw notFound('TOPIC');
  if (outcome === 'in-use')
    throw conflict('A scheduled or sending campaign uses this topic; cancel it or wait until it is sent.');
}
