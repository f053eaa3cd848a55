/**
 * GET /contacts: a cursor page of the project's contacts, newest first, optionally searched by a
 * substring of the email, each with its topics.
 */
import { TRIGRAM_MIN } from '../db/dialect.ts';
import type { Deps } from '../deps.ts';
import { type CursorPage, decodeCursor, toCursorPage } from '../http/pagination.ts';
import { withTopics } from '../topics/topic-choices.service.ts';
import { toContactView } from './contact-view.ts';
import * as repo from './contacts.repo.ts';
import type { ContactView } from './contacts.schemas.ts';

/** Newest contacts a search first looks through before it turns to the trigram index. */
const SEARCH_RECENT_WINDOW = 5000;
/** Up to this many matches, the first page of a search reads them straight from the index. */
const SEARCH_DIRECT_MAX = 1000;

/**
 * A cursor page of contacts, newest first; `search` is a case-insensitive substring of the email.
 * No path scans the project: `total` comes from the counters (or, for a search, the trigram index).
 * A first page counts the matches first: a rare term's few matches are read from the index at once;
 * a common term fills its page from the newest contacts. Only a term under 3 characters filters
 * every contact.
 */
export async function listContacts(
  deps: Pick<Deps, 'reader' | 'dialect' | 'topics'>,
  projectId: string,
  query: { limit: number; cursor?: string; search?: string },
): Promise<CursorPage<ContactView>> {
  const page = await listContactPage(deps, projectId, query);
  return { ...page, data: await withTopics(deps, deps.reader, projectId, page.data) };
}

async function listContactPage(
  deps: Pick<Deps, 'reader' | 'dialect'>,
  projectId: string,
  query: { limit: number; cursor?: string; search?: string },
): Promise<CursorPage<ContactView>> {
  const beforeId = decodeCursor(query.cursor);
  const term = query.search?.trim().toLowerCase() || undefined;
  const first = beforeId === undefined;
  if (!term) {
    const rows = await repo.listContacts(deps.reader, projectId, { beforeId, limit: query.limit });
    return toCursorPage(rows, query.limit, first, () => repo.countContacts(deps.reader, projectId), toContactView);
  }
  const indexed = term.length >= TRIGRAM_MIN;
  const opts = { beforeId, limit: query.limit, term, window: SEARCH_RECENT_WINDOW };
  const total = first && indexed ? await repo.countMatching(deps.reader, deps.dialect, projectId, term, true) : 0;
  const search = (plan: repo.SearchPlan) => repo.searchContacts(deps.reader, deps.dialect, projectId, plan, opts);
  const fallback = indexed ? 'indexed' : 'scan';
  let rows: repo.ContactRow[] = [];
  if (!(first && indexed && total <= SEARCH_DIRECT_MAX)) rows = await search('recent');
  if (rows.length <= query.limit) rows = await search(fallback);
  const count = async () =>
    first && indexed ? total : repo.countMatching(deps.reader, deps.dialect, projectId, term, indexed);
  return toCursorPage(rows, query.limit, first, count, toContactView);
}
