// Invariant: a drop lands where the person let go (before or after the block under it, or at the
// end of an area), reordering one list moves the block to the place of the one it was dropped on,
// and no drop puts columns inside columns.
import { describe, expect, it } from 'vitest';
import type { LeafBlock } from './block-types.ts';
import { type BlockDocument, findBlock, ROOT } from './document.ts';
import { applyDrop, CANVAS_ID, columnId, containerOf, dropPlace, keyboardOrder, paletteId, sourceOf } from './drop.ts';

const text = (id: string): LeafBlock => ({ id, type: 'text', html: id });
const doc: BlockDocument = {
  version: 1,
  blocks: [text('a'), text('b'), { id: 'cols', type: 'columns', columns: [[text('c1')], []] }, text('d')],
};
const col = (column: number) => ({ kind: 'column' as const, parentId: 'cols', column });

describe('drops on the canvas', () => {
  it('reads the ids it gives dnd-kit', () => {
    expect(sourceOf(paletteId('image'))).toEqual({ kind: 'palette', type: 'image' });
    expect(sourceOf('a')).toEqual({ kind: 'block', id: 'a' });
    expect(containerOf(CANVAS_ID)).toEqual(ROOT);
    expect(containerOf(columnId('cols', 1))).toEqual(col(1));
    expect(containerOf('a')).toBeUndefined();
  });

  it('puts a palette item before or after the block it is dropped on, or at the end of an area', () => {
    const image = sourceOf(paletteId('image'));
    expect(dropPlace(doc, image, 'b', false)).toEqual({ container: ROOT, index: 1 });
    expect(dropPlace(doc, image, 'b', true)).toEqual({ container: ROOT, index: 2 });
    expect(dropPlace(doc, image, CANVAS_ID, false)).toEqual({ container: ROOT, index: 4 });
    expect(dropPlace(doc, image, columnId('cols', 1), false)).toEqual({ container: col(1), index: 0 });
    expect(dropPlace(doc, image, 'c1', true)).toEqual({ container: col(0), index: 1 });
    const { doc: out, id } = applyDrop(doc, image, { container: col(1), index: 0 });
    expect(findBlock(out, 'cols')).toMatchObject({ columns: [[text('c1')], [{ id, type: 'image' }]] });
  });

  it('reorders one list to the place of the block dropped on, and moves between lists', () => {
    const a = sourceOf('a');
    expect(dropPlace(doc, a, 'd', false)).toEqual({ container: ROOT, index: 3 });
    expect(applyDrop(doc, a, { container: ROOT, index: 3 }).doc.blocks.map((b) => b.id)).toEqual([
      'b',
      'cols',
      'd',
      'a',
    ]);
    expect(dropPlace(doc, sourceOf('d'), 'a', true)).toEqual({ container: ROOT, index: 0 });
    expect(dropPlace(doc, sourceOf('c1'), 'b', true)).toEqual({ container: ROOT, index: 2 });
    expect(dropPlace(doc, sourceOf('d'), CANVAS_ID, false)).toBeUndefined();
    expect(dropPlace(doc, a, 'a', true)).toBeUndefined();
  });

  it('never puts columns in a column', () => {
    expect(dropPlace(doc, sourceOf(paletteId('columns')), 'c1', false)).toBeUndefined();
    expect(dropPlace(doc, sourceOf('cols'), columnId('cols', 1), false)).toBeUndefined();
    expect(dropPlace(doc, sourceOf(paletteId('columns')), 'b', false)).toEqual({ container: ROOT, index: 1 });
  });

  it('steps a keyboard drag through the blocks in reading order, into columns unless it is columns', () => {
    expect(keyboardOrder(doc, 'a')).toEqual(['a', 'b', 'cols', 'c1', 'd']);
    expect(keyboardOrder(doc, 'cols')).toEqual(['a', 'b', 'cols', 'd']);
  });
});
