/**
 * The block editor's drag and drop, dnd-kit's way: what is under the pointer (the innermost drop
 * target first), and what a screen reader hears while a block moves, in the blocks' own names.
 */
import { type Announcements, type CollisionDetection, closestCenter, pointerWithin } from '@dnd-kit/core';
import { type BlockDocument, blockLabel, findBlock, locate } from './document.ts';
import { containerOf, sourceOf } from './drop.ts';

/** How deep a drop target sits: blocks and areas inside columns win over the blocks around them. */
function depth(doc: BlockDocument, id: string): number {
  const area = containerOf(id);
  if (area) return area.kind === 'root' ? 0 : 2;
  return locate(doc, id)?.container.kind === 'column' ? 3 : 1;
}

/**
 * What is under the pointer, the innermost first (closest by center for the keyboard and for a
 * pointer outside every target); a columns block being dragged does not see what is inside columns.
 */
export function collisionFor(getDoc: () => BlockDocument): CollisionDetection {
  return (args) => {
    const doc = getDoc();
    const source = sourceOf(String(args.active.id));
    const type = source.kind === 'palette' ? source.type : findBlock(doc, source.id)?.type;
    const candidates =
      type === 'columns'
        ? args.droppableContainers.filter((c) => depth(doc, String(c.id)) < 2)
        : args.droppableContainers;
    const within = pointerWithin({ ...args, droppableContainers: candidates });
    if (within.length > 0) return [...within].sort((a, b) => depth(doc, String(b.id)) - depth(doc, String(a.id)));
    return closestCenter({ ...args, droppableContainers: candidates });
  };
}

/** What a screen reader hears while a block is dragged, in the blocks' own names. */
export function announcementsFor(getDoc: () => BlockDocument): Announcements {
  const name = (id: string | number) => {
    const source = sourceOf(String(id));
    if (source.kind === 'palette') return `a new ${blockLabel(source.type)} block`;
    const area = containerOf(String(id));
    if (area) return area.kind === 'root' ? 'the email' : `column ${area.column + 1}`;
    const block = findBlock(getDoc(), source.id);
    return block ? `the ${blockLabel(block.type)} block` : 'a block';
  };
  return {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${name(active.id)} is over ${name(over.id)}.` : `${name(active.id)} is over no place to drop.`,
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)} was dropped at ${name(over.id)}.` : `${name(active.id)} was put back.`,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };
}
