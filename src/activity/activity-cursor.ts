/**
 * The activity feed's cursor: an opaque token holding the (createdAt, id) position after a page.
 * Unlike the id-only cursor of http/pagination.ts, the feed is ordered by time first: its rows come
 * from several sources, and milestones are dated by their own timestamps, not by their ids.
 */
import { invalid } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import type { FeedPosition } from './activity-feed.repo.ts';

export function encodeFeedCursor(p: FeedPosition): string {
  return Buffer.from(JSON.stringify({ at: p.at, id: p.id }), 'utf8').toString('base64url');
}

/** The position a cursor holds; 422 INVALID_CURSOR for anything that is not one of ours. */
export function decodeFeedCursor(cursor: string | undefined): FeedPosition | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    const p = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { at?: unknown; id?: unknown };
    // Only what encodeFeedCursor writes for a stored row: a 4-digit year PostgreSQL can compare (not 0000).
    if (
      typeof p?.id === 'string' &&
      isUuid(p.id) &&
      typeof p.at === 'string' &&
      p.at >= '1000' &&
      p.at.length === 24 &&
      !Number.isNaN(Date.parse(p.at)) &&
      new Date(p.at).toISOString() === p.at
    ) {
      return { at: p.at, id: p.id };
    }
  } catch {
    // fall through to the 422
  }
  throw invalid('cursor', 'is not a valid cursor; pass the cursor from the previous page', 'INVALID_CURSOR');
}
