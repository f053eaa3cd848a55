/**
 * Page-based lists (decisions.md "Wire conventions"): `page` from 1, `pageSize` 1..100 (default 20)
 * with `limit` as its alias, and a `cursor` read as the page number. Answers carry
 * `total, page, pageSize, totalPages`. Cursor lists (GET /contacts) live in pagination.ts.
 */
import { Type } from 'typebox';
import { invalid } from '../errors.ts';

export const DEFAULT_PAGE_SIZE = 20;
/** Far beyond any real list; keeps the OFFSET an ordinary integer on both databases. */
const MAX_PAGE = 1_000_000;

export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, description: 'From 1; default 1.' })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Default 20.' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Alias of pageSize.' })),
  cursor: Type.Optional(Type.String({ maxLength: 20, description: 'Read as the page number.' })),
});

export interface PageRequest {
  page: number;
  pageSize: number;
  offset: number;
}

/** The page asked for: `page` (else `cursor` as a page number, else 1) and `pageSize` (else `limit`, else 20). */
export function resolvePage(query: { page?: number; pageSize?: number; limit?: number; cursor?: string }): PageRequest {
  const page = query.page ?? pageFromCursor(query.cursor) ?? 1;
  const pageSize = query.pageSize ?? query.limit ?? DEFAULT_PAGE_SIZE;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

function pageFromCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const page = /^[1-9][0-9]*$/.test(cursor) ? Number(cursor) : Number.NaN;
  if (!(page <= MAX_PAGE)) throw invalid('cursor', `must be a page number from 1 to ${MAX_PAGE}`);
  return page;
}

/** The paging fields of an answer for `total` matching items. */
export function pageInfo(req: PageRequest, total: number) {
  return { total, page: req.page, pageSize: req.pageSize, totalPages: Math.ceil(total / req.pageSize) };
}

/** The answer fields every page-based list carries beside its items. */
export const PageInfo = Type.Object({
  total: Type.Integer({ description: 'Matching items on every page.' }),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  totalPages: Type.Integer(),
});
