/**
 * The visual editor of a block document: the palette, the canvas and the settings panel (the
 * selected block's, or the email's style), with undo and redo (buttons, Ctrl/⌘+Z, Shift+Ctrl/⌘+Z,
 * Ctrl+Y). Drag and drop is dnd-kit's: the pointer, touch, and the keyboard on a block's handle.
 * Controlled: `value` is the form's document, every change goes to `onChange`.
 */
import {
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { ArrowLeft, Redo2, Undo2 } from 'lucide-react';
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/Button.tsx';
import { msg } from '../i18n/msg.ts';
import { formatNumber } from '../lib/format.ts';
import { BlockSettings } from './BlockSettings.tsx';
import { Canvas } from './Canvas.tsx';
import { announcementsFor, collisionFor, type KeyboardStep, keyboardStepsFor } from './dnd.ts';
import {
  type BlockDocument,
  type BlockType,
  blockLabel,
  blocksIn,
  countBlocks,
  findBlock,
  insertBlock,
  locate,
  newBlock,
  ROOT,
  updateBlock,
} from './document.ts';
import { applyDrop, type DragSource, dropPlace, sourceOf } from './drop.ts';
import { type BlockEditorApi, BlockEditorContext } from './editor-context.ts';
import { Palette } from './Palette.tsx';
import { ProblemList } from './ProblemList.tsx';
import type { BlockProblem } from './problems.ts';
import { StyleSettings } from './StyleSettings.tsx';
import { useDocumentHistory } from './use-document-history.ts';

const MAX_BLOCKS = 500;

export function BlockEditor({
  value,
  onChange,
  problems = [],
}: {
  value: BlockDocument;
  onChange: (doc: BlockDocument) => void;
  /** The API's refusals of the document at the last save. */
  problems?: BlockProblem[];
}) {
  const { t } = useTranslation();
  const history = useDocumentHistory(value, onChange);
  const { doc, edit } = history;
  const [selected, select] = useState<string | null>(null);
  const [dragging, setDragging] = useState<DragSource | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  // A keyboard drag steps from block to block (keyboardStepsFor) and moves the block itself.
  const [byKeyboard, setByKeyboard] = useState(false);
  const [status, setStatus] = useState('');
  const docRef = useRef(doc);
  docRef.current = doc;

  const api: BlockEditorApi = {
    ...history,
    selected,
    select,
    dropTarget,
    update: (id, patch) => edit((d) => updateBlock(d, id, patch), `block:${id}:${Object.keys(patch).join(',')}`),
  };
  const selectedBlock = selected ? findBlock(doc, selected) : undefined;

  /** Adds a block after the selected one (columns never into a column), or at the end. */
  const add = (type: BlockType) => {
    const block = newBlock(type);
    edit((d) => {
      const at = selected ? locate(d, selected) : undefined;
      if (!at) return insertBlock(d, block, ROOT, d.blocks.length);
      if (at.container.kind === 'column' && type === 'columns') {
        return insertBlock(d, block, ROOT, locate(d, at.container.parentId)!.index + 1);
      }
      return insertBlock(d, block, at.container, at.index + 1);
    });
    select(block.id!);
    setStatus(t('{block} added', { block: blockLabel(type) }));
  };

  const step = useRef<KeyboardStep>({ over: null, up: false });
  const keyboardSteps = useMemo(() => keyboardStepsFor(() => docRef.current, step), []);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardSteps }),
  );
  const collide = useMemo(() => collisionFor(() => docRef.current, step), []);
  const announcements = useMemo(() => announcementsFor(() => docRef.current), []);

  const placeOf = (e: DragOverEvent | DragEndEvent) => {
    if (!e.over) return undefined;
    const dragged = e.active.rect.current.translated;
    // The keyboard enters another list from above at its first place, from below after its last.
    const below = byKeyboard
      ? step.current.up
      : dragged
        ? dragged.top + dragged.height / 2 > e.over.rect.top + e.over.rect.height / 2
        : false;
    return dropPlace(doc, sourceOf(String(e.active.id)), String(e.over.id), below);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
    const key = e.key.toLowerCase();
    if (key === 'z' || key === 'y') {
      e.preventDefault();
      if (key === 'y' || e.shiftKey) history.redo();
      else history.undo();
    }
  };

  return (
    <BlockEditorContext.Provider value={api}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: listens for undo and redo from any control inside. */}
      <div onKeyDown={onKeyDown} className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          {(
            [
              [msg('Undo'), 'Ctrl+Z', Undo2, history.canUndo, history.undo],
              [msg('Redo'), 'Shift+Ctrl+Z', Redo2, history.canRedo, history.redo],
            ] as const
          ).map(([label, keys, Icon, can, run]) => (
            <Button
              key={label}
              variant="secondary"
              size="sm"
              icon={<Icon className="size-4" aria-hidden />}
              disabled={!can}
              onClick={run}
              title={`${t(label)} (${keys})`}
            >
              {t(label)}
            </Button>
          ))}
          <span className="text-xs text-slate-600">
            {t('{count} of {max} blocks', { count: formatNumber(countBlocks(doc)), max: formatNumber(MAX_BLOCKS) })}
          </span>
          <span role="status" className="sr-only">
            {status}
          </span>
        </div>
        <ProblemList problems={problems} doc={doc} onShow={select} />
        <DndContext
          sensors={sensors}
          collisionDetection={collide}
          accessibility={{
            announcements,
            screenReaderInstructions: {
              draggable: t(
                'To pick up a draggable item, press the space bar. While dragging, use the arrow keys to move the item. Press space again to drop the item in its new position, or press escape to cancel.',
              ),
            },
          }}
          onDragStart={(e) => {
            setDragging(sourceOf(String(e.active.id)));
            const keyboard = e.activatorEvent instanceof KeyboardEvent;
            setByKeyboard(keyboard);
            step.current = { over: keyboard ? String(e.active.id) : null, up: false };
          }}
          onDragOver={(e) => {
            // A new block shows where it would go; a moved one makes room itself (dnd-kit's sorting).
            const place = dragging?.kind === 'palette' ? placeOf(e) : undefined;
            setDropTarget(place ? (blocksIn(doc, place.container)?.[place.index]?.id ?? null) : null);
          }}
          onDragCancel={() => {
            step.current = { over: null, up: false };
            setByKeyboard(false);
            setDragging(null);
            setDropTarget(null);
          }}
          onDragEnd={(e) => {
            const place = placeOf(e);
            step.current = { over: null, up: false };
            setByKeyboard(false);
            setDragging(null);
            setDropTarget(null);
            if (!place) return;
            const source = sourceOf(String(e.active.id));
            let dropped = '';
            edit((d) => {
              const out = applyDrop(d, source, place);
              dropped = out.id;
              return out.doc;
            });
            if (dropped) select(dropped);
          }}
        >
          <div className="grid gap-4 lg:grid-cols-[9rem_minmax(0,1fr)_17rem]">
            <Palette onAdd={add} />
            <Canvas />
            <section aria-label={t('Settings')} className="min-w-0 rounded-md border border-slate-200 bg-white p-3">
              {selectedBlock ? (
                <>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="mb-2"
                    icon={<ArrowLeft className="size-4" aria-hidden />}
                    onClick={() => select(null)}
                  >
                    {t('Email style')}
                  </Button>
                  <BlockSettings
                    block={selectedBlock}
                    problems={problems.filter((p) => p.blockId === selectedBlock.id)}
                  />
                </>
              ) : (
                <StyleSettings problems={problems} />
              )}
            </section>
          </div>
          {/* A pointer drags a small label; a keyboard drag moves the block itself, so that its own box,
              not the label's, decides what it is over (picked up and put down, it stays where it was). */}
          <DragOverlay>
            {dragging && !byKeyboard && (
              <div className="rounded-md border border-brand-500 bg-white px-3 py-1.5 text-sm shadow-lg">
                {dragging.kind === 'palette'
                  ? blockLabel(dragging.type)
                  : blockLabel(findBlock(doc, dragging.id)?.type ?? 'text')}
              </div>
            )}
          </DragOverlay>
        </DndContext>
      </div>
    </BlockEditorContext.Provider>
  );
}
