/**
 * The block editor's drag and drop, dnd-kit's way: what is under the pointer (the innermost drop
 * target first), and what a screen reader hears while a block moves, in the blocks' own names.
 */
import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  type KeyboardCoordinateGetter,
  pointerWithin,
} from '@dnd-kit/core';
import { i18n } from '../i18n/i18n.ts';
import { type BlockDocument, blockLabel, findBlock, locate } from './document.ts';
import { containerOf, keyboardOrder, sourceOf } from './drop.ts';

/** Where a keyboard drag is: the block it is over, and whether its last step was up. */
export interface KeyboardStep {
  over: string | null;
  up: boolean;
}

/** How deep a drop target sits: blocks and areas inside columns win over the blocks around them. */
function depth(doc: BlockDocument, id: string): number {
  const area = containerOf(id);
  if (area) return area.kind === 'root' ? 0 : 2;
  return locate(doc, id)?.container.kind === 'column' ? 3 : 1;
}

/**
 * What the dragged block is over: for the keyboard, the block its last step reached; for the
 * pointer, what is under it, the innermost first (closest by center when it is outside every
 * target). A columns block being dragged does not see what is inside columns.
 */
export function collisionFor(getDoc: () => BlockDocument, step: { current: KeyboardStep }): CollisionDetection {
  return (args) => {
    if (!args.pointerCoordinates && step.current.over) return [{ id: step.current.over }];
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

/**
 * The keyboard's steps: each arrow moves the dragged block one place in reading order
 * (keyboardOrder), whatever the blocks' sizes, onto the block there. Geometry (dnd-kit's own
 * sortable steps) stalls when the dragged block is much taller than its neighbours.
 */
export function keyboardStepsFor(
  getDoc: () => BlockDocument,
  step: { current: KeyboardStep },
): KeyboardCoordinateGetter {
  return (event, { active, context }) => {
    const up = event.code === 'ArrowUp' || event.code === 'ArrowLeft';
    if (!up && event.code !== 'ArrowDown' && event.code !== 'ArrowRight') return undefined;
    event.preventDefault();
    const order = keyboardOrder(getDoc(), String(active));
    const next = order[order.indexOf(step.current.over ?? String(active)) + (up ? -1 : 1)];
    // The rects dnd-kit measured when the drag began, else the one measured for that block alone.
    const rect = next
      ? (context.droppableRects.get(next) ?? context.droppableContainers.get(next)?.rect.current)
      : undefined;
    if (!next || !rect) return undefined;
    step.current = { over: next, up };
    return { x: rect.left, y: rect.top };
  };
}

/** What a screen reader hears while a block is dragged, in the blocks' own names. */
export function announcementsFor(getDoc: () => BlockDocument): Announcements {
  const name = (id: string | number) => {
    const source = sourceOf(String(id));
    if (source.kind === 'palette') return i18n.t('a new {block} block', { block: blockLabel(source.type) });
    const area = containerOf(String(id));
    if (area)
      return area.kind === 'root' ? i18n.t('the email') : i18n.t('column {number}', { number: area.column + 1 });
    const block = findBlock(getDoc(), source.id);
    return block ? i18n.t('the {block} block', { block: blockLabel(block.type) }) : i18n.t('a block');
  };
  return {
    onDragStart: ({ active }) => i18n.t('Picked up {active}.', { active: name(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? i18n.t('{active} is over {over}.', { active: name(active.id), over: name(over.id) })
        : i18n.t('{active} is over no place to drop.', { active: name(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? i18n.t('{active} was dropped at {over}.', { active: name(active.id), over: name(over.id) })
        : i18n.t('{active} was put back.', { active: name(active.id) }),
    onDragCancel: ({ active }) => i18n.t('Moving {active} was cancelled.', { active: name(active.id) }),
  };
}
