/**
 * What a drag on the canvas means: the ids the editor gives dnd-kit (palette items, blocks, the
 * canvas and each column as drop areas), and where a dragged palette item or block lands given
 * what it was dropped on. Pure, unit-tested.
 */
import {
  type BlockDocument,
  type BlockType,
  blocksIn,
  type Container,
  findBlock,
  insertBlock,
  locate,
  moveBlock,
  newBlock,
  ROOT,
} from './document.ts';

/** What is being dragged: a new block from the palette, or a block already in the document. */
export type DragSource = { kind: 'palette'; type: BlockType } | { kind: 'block'; id: string };

export const CANVAS_ID = 'canvas';
const PALETTE = 'palette|';
const COLUMN = 'column|';

export const paletteId = (type: BlockType) => `${PALETTE}${type}`;
export const columnId = (parentId: string, column: number) => `${COLUMN}${parentId}|${column}`;

/** The drag source a dnd-kit id names (blocks are dragged by their own id). */
export function sourceOf(id: string): DragSource {
  return id.startsWith(PALETTE)
    ? { kind: 'palette', type: id.slice(PALETTE.length) as BlockType }
    : { kind: 'block', id };
}

/** The container a drop area's id names, or undefined when the id is a block's. */
export function containerOf(id: string): Container | undefined {
  if (id === CANVAS_ID) return ROOT;
  if (!id.startsWith(COLUMN)) return undefined;
  const [parentId, column] = id.slice(COLUMN.length).split('|');
  return { kind: 'column', parentId: parentId!, column: Number(column) };
}

const sameContainer = (a: Container, b: Container) =>
  a.kind === 'root' ? b.kind === 'root' : b.kind === 'column' && a.parentId === b.parentId && a.column === b.column;

/**
 * Where `source` lands when dropped on `overId`: on a drop area, at its end; on a block, in that
 * block's list: at its place when reordering one list (the blocks between shift), before it, or
 * after it when `below` (the dragged item's middle is past the block's). Undefined for a drop
 * that changes nothing or is not allowed (columns into a column, a columns block into itself).
 */
export function dropPlace(
  doc: BlockDocument,
  source: DragSource,
  overId: string,
  below: boolean,
): { container: Container; index: number } | undefined {
  const dragged = source.kind === 'palette' ? source.type : findBlock(doc, source.id)?.type;
  if (!dragged) return undefined;
  let place: { container: Container; index: number } | undefined;
  const area = containerOf(overId);
  if (area) {
    const list = blocksIn(doc, area);
    if (!list) return undefined;
    const from = source.kind === 'block' ? locate(doc, source.id) : undefined;
    place = { container: area, index: from && sameContainer(from.container, area) ? list.length - 1 : list.length };
  } else {
    const over = locate(doc, overId);
    if (!over || (source.kind === 'block' && overId === source.id)) return undefined;
    const from = source.kind === 'block' ? locate(doc, source.id) : undefined;
    if (from && sameContainer(from.container, over.container)) place = over;
    else place = { container: over.container, index: over.index + (below ? 1 : 0) };
  }
  if (place.container.kind === 'column' && dragged === 'columns') return undefined;
  if (source.kind === 'block') {
    const from = locate(doc, source.id)!;
    if (sameContainer(from.container, place.container) && from.index === place.index) return undefined;
  }
  return place;
}

/** `doc` after the drop, and the id of the block dropped (a new one for a palette item). */
export function applyDrop(
  doc: BlockDocument,
  source: DragSource,
  place: { container: Container; index: number },
): { doc: BlockDocument; id: string } {
  if (source.kind === 'block') return { doc: moveBlock(doc, source.id, place.container, place.index), id: source.id };
  const block = newBlock(source.type);
  return { doc: insertBlock(doc, block, place.container, place.index), id: block.id! };
}

/**
 * The blocks a keyboard drag steps through, in reading order: each block of the email, and after a
 * columns block the blocks of its columns (left column first), unless the dragged block is itself
 * columns (it cannot go into one). The dragged block is in the order, where it is.
 */
export function keyboardOrder(doc: BlockDocument, activeId: string): string[] {
  const nested = findBlock(doc, activeId)?.type !== 'columns';
  return doc.blocks.flatMap((b) => [
    b.id!,
    ...(nested && b.type === 'columns' ? b.columns.flatMap((list) => list.map((child) => child.id!)) : []),
  ]);
}
