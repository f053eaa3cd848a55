/**
 * Cursor pagination: `{ data, cursor, hasMore, total }`. The cursor is an opaque token holding the
 * last id of the page (ids are UUIDv7, so id order is creation order); `total` only on the first page.
 */
import { type TSchema, Type } from 'typebox';
import { invalid } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';

export const CursorQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
});

/** The response schema of a cursor list of `item`s (`noun` names them in the `total` description). */
export function CursorPageOf<T extends TSchema>(item: T, noun: string) {
  return Type.Object({
    data: Type.Array(item),
    cursor: Type.String({ description: 'Pass as `cursor` for the next page; "" when there is none.' }),
    hasMore: Type.Boolean(),
    total: Type.Integer({ description: `Matching ${noun}; only on the first page (0 on later pages).` }),
  });
}

export interface CursorPage<T> {
  data: T[];
  /** Pass back to get the next page; an empty string when there is none (the contract types it as a string). */
  cursor: string;
  hasMore: boolean;
  total: number;
}

/** Encodes the position after `id`. */
export function encodeCursor(id: string): string {
  return Buffer.from(JSON.stringify({ id }), 'utf8').toString('base64url');
}

/** Decodes a cursor to the id to continue after; 422 for anything that is not one of ours. */
export function decodeCursor(cursor: string | undefined): string | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { id?: unknown };
    if (typeof parsed?.id === 'string' && isUuid(parsed.id)) return parsed.id;
  } catch {
    // fall through to the 422
  }
  throw invalid('cursor', 'is not a valid cursor; pass the cursor from the previous page', 'INVALID_CURSOR');
}

/**
 * Shapes a page from rows fetched with `limit + 1` (the extra row only tells whether more exist).
 * `total` is counted only for the first page, as the contract says.
 */
export async function toCursorPage<T extends { id: string }, V>(
  rows: T[],
  limit: number,
  firstPage: boolean,
  count: () => Promise<number>,
  view: (row: T) => V,
): Promise<CursorPage<V>> {
  const hasMore = rows.length > limit;
  const page = hasMore ? rows.slice(0, limit) : rows;
  return {
    data: page.map(view),
    cursor: hasMore ? encodeCursor(page.at(-1)!.id) : '',
    hasMore,
    total: firstPage ? await count() : 0,
  };
}
