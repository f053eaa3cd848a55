// Invariant: a page list reads `page`, else `cursor` as a page number, else 1; `pageSize`, else
// `limit`, else 20; anything else in `cursor` is a 422, and totalPages covers every item.
import { describe, expect, it } from 'vitest';
import { pageInfo, resolvePage } from './pages.ts';

describe('page lists', () => {
  it('defaults to the first page of 20', () => {
    expect(resolvePage({})).toEqual({ page: 1, pageSize: 20, offset: 0 });
    expect(resolvePage({ cursor: '' })).toEqual({ page: 1, pageSize: 20, offset: 0 });
  });

  it('takes limit as pageSize and cursor as the page, the named parameters first', () => {
    expect(resolvePage({ limit: 5, cursor: '3' })).toEqual({ page: 3, pageSize: 5, offset: 10 });
    expect(resolvePage({ page: 2, pageSize: 10, limit: 5, cursor: '7' })).toEqual({
      page: 2,
      pageSize: 10,
      offset: 10,
    });
  });

  it('refuses a cursor that is not a page number', () => {
    for (const cursor of ['0', '-1', '1.5', 'abc', '01', '99999999999']) {
      expect(() => resolvePage({ cursor }), cursor).toThrow(expect.objectContaining({ statusCode: 422 }));
    }
  });

  it('counts the pages that hold every item', () => {
    const req = { page: 1, pageSize: 4, offset: 0 };
    expect(pageInfo(req, 0)).toEqual({ total: 0, page: 1, pageSize: 4, totalPages: 0 });
    expect(pageInfo(req, 8).totalPages).toBe(2);
    expect(pageInfo(req, 9).totalPages).toBe(3);
  });
});
