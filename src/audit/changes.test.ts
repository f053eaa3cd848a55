import { describe, expect, it } from 'vitest';
import { diffViews, REDACTED, scrub } from './changes.ts';

describe('audit changes', () => {
  it('lists only the fields that differ, as [before, after]', () => {
    expect(
      diffViews(
        { id: 'a', name: 'Old', subject: 'Hi', updatedAt: '1' },
        { id: 'a', name: 'New', subject: 'Hi', updatedAt: '2' },
      ),
    ).toEqual({ name: ['Old', 'New'] });
  });

  it('reads a created resource as null before and a deleted one as null after', () => {
    expect(diffViews(undefined, { id: 'a', name: 'N' })).toEqual({ name: [null, 'N'] });
    expect(diffViews({ id: 'a', name: 'N' }, undefined)).toEqual({ name: ['N', null] });
  });

  it('never keeps a secret: fields named like one and values shaped like a key', () => {
    const changes = diffViews(
      { secret: 'whsec_aaaaaaaaaaaa', smtp: { host: 'a', password: 'p1' }, note: 'x' },
      { secret: 'whsec_bbbbbbbbbbbb', smtp: { host: 'b', password: 'p2' }, note: 'sk_abcdefghijklmnop' },
    );
    expect(changes).toEqual({
      secret: [REDACTED, REDACTED],
      smtp: [
        { host: 'a', password: REDACTED },
        { host: 'b', password: REDACTED },
      ],
      note: ['x', REDACTED],
    });
    expect(JSON.stringify(changes)).not.toMatch(/p1|p2|whsec_a|sk_abc/);
  });

  it('cuts long values and says how long they were', () => {
    const long = 'x'.repeat(10_000);
    expect(scrub(long)).toMatch(/… \(10000 characters\)$/);
    expect(String(scrub(long)).length).toBeLessThan(4100);
  });

  it('answers undefined when nothing changed', () => {
    expect(diffViews({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBeUndefined();
  });
});
