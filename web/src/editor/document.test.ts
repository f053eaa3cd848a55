// Invariant: the editor's changes to a block document find blocks wherever they are, never put
// columns inside columns, never lose a block (resizing columns keeps what they held), and leave
// the document they were given unchanged (undo keeps it).
import { describe, expect, it } from 'vitest';
import type { LeafBlock } from './block-types.ts';
import {
  type Block,
  type BlockDocument,
  countBlocks,
  duplicateBlock,
  findBlock,
  insertBlock,
  locate,
  moveBlock,
  newBlock,
  ROOT,
  removeBlock,
  setColumnCount,
  updateBlock,
  updateStyle,
  withIds,
} from './document.ts';

const text = (id: string): LeafBlock => ({ id, type: 'text', html: id });

function sample(): BlockDocument {
  return {
    version: 1,
    blocks: [text('a'), { id: 'cols', type: 'columns', columns: [[text('c1')], [text('c2'), text('c3')]] }, text('b')],
  };
}

const ids = (blocks: Block[]) => blocks.map((b) => b.id);

describe('the block document’s changes', () => {
  it('finds blocks at the top and inside columns', () => {
    const doc = sample();
    expect(locate(doc, 'b')).toEqual({ container: ROOT, index: 2 });
    expect(locate(doc, 'c3')).toEqual({ container: { kind: 'column', parentId: 'cols', column: 1 }, index: 1 });
    expect(findBlock(doc, 'c2')).toEqual(text('c2'));
    expect(locate(doc, 'nope')).toBeUndefined();
  });

  it('inserts at an index, clamped, and refuses columns inside columns', () => {
    const doc = sample();
    const into = insertBlock(doc, text('n'), { kind: 'column', parentId: 'cols', column: 0 }, 0);
    expect(findBlock(into, 'cols')).toMatchObject({
      columns: [
        [text('n'), text('c1')],
        [text('c2'), text('c3')],
      ],
    });
    expect(ids(insertBlock(doc, text('z'), ROOT, 99).blocks)).toEqual(['a', 'cols', 'b', 'z']);
    const nested = newBlock('columns');
    expect(insertBlock(doc, nested, { kind: 'column', parentId: 'cols', column: 0 }, 0)).toBe(doc);
    expect(ids(doc.blocks)).toEqual(['a', 'cols', 'b']);
  });

  it('moves within a list and between a column and the top', () => {
    const doc = sample();
    expect(ids(moveBlock(doc, 'a', ROOT, 2).blocks)).toEqual(['cols', 'b', 'a']);
    const out = moveBlock(doc, 'c2', ROOT, 0);
    expect(ids(out.blocks)).toEqual(['c2', 'a', 'cols', 'b']);
    expect(findBlock(out, 'cols')).toMatchObject({ columns: [[text('c1')], [text('c3')]] });
    const back = moveBlock(out, 'a', { kind: 'column', parentId: 'cols', column: 0 }, 1);
    expect(findBlock(back, 'cols')).toMatchObject({ columns: [[text('c1'), text('a')], [text('c3')]] });
    expect(moveBlock(doc, 'cols', { kind: 'column', parentId: 'cols', column: 0 }, 0)).toBe(doc);
  });

  it('updates fields, removing those set to undefined, never the type or id', () => {
    const doc: BlockDocument = { version: 1, blocks: [{ id: 'i', type: 'image', src: 's', alt: '', width: 300 }] };
    const out = updateBlock(doc, 'i', { src: 'https://x.test/a.png', width: undefined, type: 'text', id: 'x' });
    expect(out.blocks[0]).toEqual({ id: 'i', type: 'image', src: 'https://x.test/a.png', alt: '' });
    expect(doc.blocks[0]).toMatchObject({ width: 300 });
  });

  it('removes and duplicates blocks with new ids throughout', () => {
    const doc = sample();
    expect(ids(removeBlock(doc, 'cols').blocks)).toEqual(['a', 'b']);
    expect(countBlocks(doc)).toBe(6);
    const { doc: out, id } = duplicateBlock(doc, 'cols');
    expect(out.blocks[2]!.id).toBe(id);
    expect(countBlocks(out)).toBe(10);
    const copy = out.blocks[2] as Extract<Block, { type: 'columns' }>;
    expect(copy.columns.flat().map((b) => b.id)).not.toContain('c1');
  });

  it('resizes columns, moving the blocks of columns taken away into the last one kept', () => {
    const doc = setColumnCount(sample(), 'cols', 4);
    expect(findBlock(doc, 'cols')).toMatchObject({ columns: [[text('c1')], [text('c2'), text('c3')], [], []] });
    const two = setColumnCount(
      insertBlock(doc, text('d'), { kind: 'column', parentId: 'cols', column: 3 }, 0),
      'cols',
      1,
    );
    expect(findBlock(two, 'cols')).toMatchObject({ columns: [[text('c1')], [text('c2'), text('c3'), text('d')]] });
  });

  it('changes the global style, a cleared field going back to the default', () => {
    const doc = updateStyle(sample(), { textColor: '#111111', contentWidth: 640 });
    expect(doc.style).toEqual({ textColor: '#111111', contentWidth: 640 });
    expect(updateStyle(doc, { textColor: undefined, contentWidth: undefined }).style).toBeUndefined();
  });

  it('gives every block an id, keeping those it has', () => {
    const doc: BlockDocument = {
      version: 1,
      blocks: [{ type: 'divider' }, { id: 'k', type: 'columns', columns: [[{ type: 'divider' }], []] }],
    };
    const out = withIds(doc);
    expect(out.blocks[0]!.id).toBeTruthy();
    expect(out.blocks[1]!.id).toBe('k');
    expect((out.blocks[1] as Extract<Block, { type: 'columns' }>).columns[0]![0]!.id).toBeTruthy();
    expect(withIds(out)).toBe(out);
  });
});
