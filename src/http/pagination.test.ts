// Invariant: a cursor round-trips to the last id of its page, anything else is a 422, and a page
// built from limit+1 rows says whether more exist and counts `total` only on the first page.
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { newId } from '../lib/ids.ts';
import { decodeCursor, encodeCursor, toCursorPage } from './pagination.ts';

describe('cursor pagination', () => {
  it('round-trips an id through an opaque cursor', () => {
    const id = newId();
    const cursor = encodeCursor(id);
    expect(cursor).not.toContain(id);
    expect(decodeCursor(cursor)).toBe(id);
  });

  it('treats a missing or empty cursor as the first page', () => {
    expect(decodeCursor(undefined)).toBeUndefined();
    expect(decodeCursor('')).toBeUndefined();
  });

  it('rejects malformed cursors with a 422 naming the field', () => {
    for (const bad of ['nope', encodeCursor('not-a-uuid'), Buffer.from('{"id":5}').toString('base64url'), '%%%']) {
      let caught: unknown;
      try {
        decodeCursor(bad);
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(AppError);
      expect(caught).toMatchObject({ statusCode: 422, code: 'VALIDATION_ERROR' });
      expect((caught as AppError).details.errors?.[0]?.field).toBe('cursor');
    }
  });

  it('uses the extra row only to tell that more exist, and counts total on the first page only', async () => {
    const rows = [1, 2, 3].map(() => ({ id: newId() }));
    let counted = 0;
    const count = async () => {
      counted += 1;
      return 42;
    };
    const first = await toCursorPage(rows, 2, true, count, (r) => r.id);
    expect(first).toEqual({
      data: [rows[0]!.id, rows[1]!.id],
      cursor: encodeCursor(rows[1]!.id),
      hasMore: true,
      total: 42,
    });
    const last = await toCursorPage(rows.slice(2), 2, false, count, (r) => r.id);
    expect(last).toEqual({ data: [rows[2]!.id], cursor: '', hasMore: false, total: 0 });
    expect(counted).toBe(1);
  });
});
