/**
 * Contact upserts of distinct (project, email) written together in one transaction (one statement
 * on PostgreSQL), with what the transaction must hold besides: the watchers' notes and the messages
 * of endpoints listening to contact writes. POST /v1/track groups its tracks this way; POST /contacts
 * groups its writes an endpoint hears, which need a transaction for their messages where an unheard
 * write is one group-committed statement. A group that fails runs each write again alone.
 */
import type { Trx } from '../db/index.ts';
import type { FieldType } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { allOk, type BatchOptions, batchKind } from '../lib/batcher.ts';
import { withTopics } from '../topics/topic-choices.service.ts';
import type { Announcement } from '../webhooks/webhook-types.ts';
import { toContactView } from './contact-view.ts';
import { contactsChanged } from './contact-watchers.ts';
import type { ContactView } from './contacts.schemas.ts';
import * as writes from './contacts-write.repo.ts';
import type { DataPatch } from './data-rules.ts';

/** The contact types a write announces. */
export const WRITE_TYPES = ['contact.created', 'contact.updated'] as const;

/** An upsert checked and ready to write (contacts.service.ts `prepareUpsert`). */
export interface PreparedUpsert {
  email: string;
  patch: DataPatch;
  /** Field types to record with the write (none: the write may join a group). */
  types: { key: string; type: FieldType }[];
  row: writes.NewContactRow;
  /** True when the write changes no subscription of an existing contact and records no field type. */
  groupable: boolean;
}

export interface SavedContact {
  contact: ContactView;
  inserted: boolean;
}

/** What endpoints are told about saved contacts. */
export function savedAnnouncements(saved: readonly SavedContact[]): Announcement[] {
  return saved.map((s) => ({ type: s.inserted ? 'contact.created' : 'contact.updated', data: s.contact }));
}

type GroupDeps = Pick<
  Deps,
  'db' | 'dialect' | 'contactWatchers' | 'webhooks' | 'searchIndex' | 'batches' | 'reader' | 'topics'
>;

/**
 * Writes groupable upserts of distinct (project, email) inside the caller's transaction `trx` (one
 * statement on PostgreSQL); returns each contact and whether it was new. Call `afterUpsertsCommitted`
 * once `trx` has committed.
 */
export async function upsertPreparedIn(
  deps: Pick<Deps, 'dialect' | 'contactWatchers' | 'webhooks' | 'reader' | 'topics'>,
  trx: Trx,
  prepared: PreparedUpsert[],
): Promise<SavedContact[]> {
  const rows = await writes.upsertContactsIn(
    trx,
    deps.dialect,
    prepared.map((p) => ({ row: p.row, patch: p.patch })),
  );
  const out = rows.map((saved, i) => ({ contact: toContactView(saved), inserted: saved.id === prepared[i]!.row.id }));
  for (const projectId of new Set(prepared.map((p) => p.row.projectId))) {
    const ids = rows.flatMap((saved, i) => (prepared[i]!.row.projectId === projectId ? [saved.id] : []));
    await contactsChanged(deps, trx, projectId, ids);
    if (await deps.webhooks.wants(trx, projectId, WRITE_TYPES)) {
      const saved = out.filter((_, i) => prepared[i]!.row.projectId === projectId);
      // Endpoints get whole views: the topics the contacts' choices (unchanged by this write) give.
      const views = await withTopics(
        deps,
        trx,
        projectId,
        saved.map((s) => s.contact),
      );
      const told = saved.map((s, i) => ({ ...s, contact: views[i]! }));
      await deps.webhooks.announce(trx, projectId, savedAnnouncements(told));
    }
  }
  return out;
}

/**
 * Writes groupable upserts of distinct (project, email) and an event for each, in one statement on
 * the root database (PostgreSQL only: `dialect.groupedUpserts`), for writes nothing else must hear
 * (no watcher, listener or endpoint: the caller checked). Returns each contact id and whether it was new.
 */
export async function upsertWithEvents(
  deps: Pick<Deps, 'db' | 'dialect' | 'searchIndex'>,
  prepared: PreparedUpsert[],
  events: writes.ContactEventRow[],
): Promise<{ id: string; inserted: boolean }[]> {
  const rows = await writes.upsertContactRows(
    deps.db,
    deps.dialect,
    prepared.map((p) => ({ row: p.row, patch: p.patch })),
    events,
  );
  const out = rows.map((row, i) => {
    if (!row) throw new Error('grouped upsert lost a row');
    return { id: row.id, inserted: row.id === prepared[i]!.row.id };
  });
  afterUpsertsCommitted(
    deps,
    out.some((s) => s.inserted),
  );
  return out;
}

/** After a group written by `upsertPreparedIn` committed: new contacts reach the search index. */
export function afterUpsertsCommitted(deps: Pick<Deps, 'searchIndex'>, inserted: boolean): void {
  if (inserted) deps.searchIndex.poke();
}

async function writeGroup(deps: GroupDeps, prepared: PreparedUpsert[]): Promise<SavedContact[]> {
  const saved = await deps.db.transaction().execute((trx) => upsertPreparedIn(deps, trx, prepared));
  afterUpsertsCommitted(
    deps,
    saved.some((s) => s.inserted),
  );
  return saved;
}

const upserts = batchKind(
  (deps: GroupDeps): BatchOptions<PreparedUpsert, SavedContact> => ({
    max: 100,
    // Two at a time: under load the writes arriving meanwhile make the next group larger instead of
    // starting transactions of their own (each a connection and a commit).
    maxRunning: 2,
    // One statement may touch a row once: the same address waits for the next group.
    key: (p) => `${p.row.projectId}\n${p.email}`,
    group: async (prepared) => allOk(await writeGroup(deps, prepared)),
    alone: async (prepared) => (await writeGroup(deps, [prepared]))[0]!,
  }),
);

/** Writes one groupable upsert in the process's shared transaction of upserts. */
export function upsertGrouped(deps: GroupDeps, prepared: PreparedUpsert): Promise<SavedContact> {
  return deps.batches.add(upserts, deps, prepared);
}
