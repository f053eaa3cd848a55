// Invariant: undo walks back through every step and redo forward again, a burst of typing in one
// field is one step, and a new edit after an undo forgets what could be redone.
import { describe, expect, it } from 'vitest';
import type { BlockDocument } from './document.ts';
import { COALESCE_MS, HISTORY_LIMIT, record, redo, startHistory, undo } from './history.ts';

const doc = (text: string): BlockDocument => ({ version: 1, blocks: [{ id: 'a', type: 'text', html: text }] });

describe('the editor’s history', () => {
  it('undoes and redoes step by step', () => {
    const [d0, d1, d2] = [doc('0'), doc('1'), doc('2')];
    let h = record(record(startHistory(d0), d1, 0), d2, 5000);
    h = undo(h);
    expect(h.present).toBe(d1);
    h = undo(h);
    expect(h.present).toBe(d0);
    expect(undo(h)).toBe(h);
    h = redo(redo(h));
    expect(h.present).toBe(d2);
    expect(redo(h)).toBe(h);
  });

  it('makes a burst of edits of one group one step, and a pause or another group a new one', () => {
    const [d0, d1, d2, d3, d4] = ['0', '1', '2', '3', '4'].map(doc) as [BlockDocument, ...BlockDocument[]];
    let h = record(startHistory(d0), d1!, 0, 'text:a');
    h = record(h, d2!, 300, 'text:a');
    expect(h.past).toEqual([d0]);
    h = record(h, d3!, 300 + COALESCE_MS, 'text:a');
    expect(h.past).toEqual([d0, d2]);
    h = record(h, d4!, 300 + COALESCE_MS + 10, 'style');
    expect(h.past).toEqual([d0, d2, d3]);
    expect(undo(h).present).toBe(d3);
  });

  it('forgets the redo steps on a new edit, and an undo ends a burst', () => {
    const [d0, d1, d2, d3] = ['0', '1', '2', '3'].map(doc) as BlockDocument[];
    let h = record(record(startHistory(d0!), d1!, 0, 'g'), d2!, 2000, 'g');
    h = record(undo(h), d3!, 2100, 'g');
    expect(h.future).toEqual([]);
    expect(h.past).toEqual([d0, d1]);
  });

  it('keeps a bounded number of steps and ignores an edit that changed nothing', () => {
    let h = startHistory(doc('start'));
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) h = record(h, doc(String(i)), i * 10_000);
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(record(h, h.present, 0)).toBe(h);
  });
});
