/**
 * The canvas: the email's blocks in order, each with a drag handle (mouse, touch or keyboard through
 * dnd-kit: Space to pick up, arrows to move, Space to drop), move up and down, duplicate and delete.
 * The document's own list and each column are drop areas for palette items and blocks.
 */
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, Copy, GripVertical, Trash2 } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../lib/cx.ts';
import { BlockContent, blockBoxStyle } from './BlockContent.tsx';
import { type Block, blockLabel, type Container, duplicateBlock, moveBlock, ROOT, removeBlock } from './document.ts';
import { CANVAS_ID, columnId } from './drop.ts';
import { useBlockEditor } from './editor-context.ts';

export function Canvas() {
  const { t } = useTranslation();
  const { doc, select } = useBlockEditor();
  const style = doc.style ?? {};
  const { setNodeRef, isOver } = useDroppable({ id: CANVAS_ID });
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the background only clears the selection; the blocks are reached by keyboard.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape clears the selection (BlockEditor).
    <div
      className="min-w-0 rounded-md border border-slate-300 p-3 sm:p-6"
      style={{ backgroundColor: style.backgroundColor ?? '#f1f5f9' }}
      onClick={(e) => {
        if (e.target === e.currentTarget) select(null);
      }}
    >
      <section
        ref={setNodeRef}
        aria-label={t('Email content')}
        // The space below the last block is the email's own: a block dropped there goes at the end.
        className={cx('email-canvas mx-auto min-h-40 rounded pb-10', isOver && 'ring-2 ring-brand-500')}
        style={
          {
            maxWidth: style.contentWidth ?? 600,
            backgroundColor: style.contentBackgroundColor ?? '#ffffff',
            color: style.textColor ?? '#0f172a',
            fontFamily: style.fontFamily ?? 'Arial, Helvetica, sans-serif',
            '--email-link': style.linkColor ?? '#2563eb',
          } as CSSProperties
        }
      >
        <BlockList blocks={doc.blocks} container={ROOT} />
        {doc.blocks.length === 0 && (
          <p className="p-10 text-center text-sm text-slate-600">
            {t('Drag blocks here from the palette, or choose one there to add it.')}
          </p>
        )}
      </section>
    </div>
  );
}

function BlockList({ blocks, container }: { blocks: Block[]; container: Container }) {
  const { dropTarget } = useBlockEditor();
  return (
    <SortableContext items={blocks.map((b) => b.id!)} strategy={verticalListSortingStrategy}>
      {blocks.map((block, index) => (
        <SortableBlock
          key={block.id}
          block={block}
          container={container}
          index={index}
          count={blocks.length}
          dropBefore={dropTarget === block.id}
        />
      ))}
    </SortableContext>
  );
}

function SortableBlock({
  block,
  container,
  index,
  count,
  dropBefore,
}: {
  block: Block;
  container: Container;
  index: number;
  count: number;
  dropBefore: boolean;
}) {
  const { t } = useTranslation();
  const { selected, select, edit } = useBlockEditor();
  const id = block.id!;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const label = blockLabel(block.type);
  const isSelected = selected === id;
  const move = (to: number) => edit((doc) => moveBlock(doc, id, container, to));
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: focusing any control of the block selects it.
    // biome-ignore lint/a11y/useSemanticElements: a block is a group of its content and tools, not a form's fieldset.
    <div
      ref={setNodeRef}
      role="group"
      aria-label={t('{block} block {number}', { block: label, number: index + 1 })}
      data-block-id={id}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      // A block inside columns is selected, not the columns around it: the event stops at the first block.
      onClick={(e) => {
        e.stopPropagation();
        select(id);
      }}
      onFocus={(e) => {
        e.stopPropagation();
        select(id);
      }}
      className={cx(
        'group relative rounded border',
        isSelected ? 'border-brand-500 ring-1 ring-brand-500' : 'border-transparent hover:border-slate-300',
        dropBefore && 'border-t-2 border-t-brand-500',
        isDragging && 'opacity-40',
      )}
    >
      <div
        className={cx(
          'flex items-center gap-0.5 border-b border-slate-200 bg-slate-50 px-1 text-xs text-slate-700',
          !isSelected && 'sr-only group-focus-within:not-sr-only group-hover:not-sr-only',
        )}
      >
        <button
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          type="button"
          aria-label={t('Drag {block} block {number}', { block: label, number: index + 1 })}
          className="cursor-grab rounded p-1 hover:bg-slate-200"
        >
          <GripVertical className="size-4" aria-hidden />
        </button>
        <span className="mr-auto font-medium">{label}</span>
        <ToolButton
          label={t('Move {block} up', { block: label })}
          disabled={index === 0}
          onClick={() => move(index - 1)}
        >
          <ArrowUp className="size-4" aria-hidden />
        </ToolButton>
        <ToolButton
          label={t('Move {block} down', { block: label })}
          disabled={index === count - 1}
          onClick={() => move(index + 1)}
        >
          <ArrowDown className="size-4" aria-hidden />
        </ToolButton>
        <ToolButton
          label={t('Duplicate {block}', { block: label })}
          onClick={() => edit((doc) => duplicateBlock(doc, id).doc)}
        >
          <Copy className="size-4" aria-hidden />
        </ToolButton>
        <ToolButton
          label={t('Delete {block}', { block: label })}
          onClick={() => {
            edit((doc) => removeBlock(doc, id));
            select(null);
          }}
        >
          <Trash2 className="size-4 text-red-700" aria-hidden />
        </ToolButton>
      </div>
      <div style={blockBoxStyle(block)}>
        {block.type === 'columns' ? <ColumnsBlock block={block} /> : <BlockContent block={block} />}
      </div>
    </div>
  );
}

function ToolButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
      className="rounded p-1 hover:bg-slate-200 disabled:opacity-40"
    >
      {children}
    </button>
  );
}

function ColumnsBlock({ block }: { block: Extract<Block, { type: 'columns' }> }) {
  return (
    <div className="grid gap-2" style={{ gridTemplateColumns: `repeat(${block.columns.length}, minmax(0, 1fr))` }}>
      {block.columns.map((blocks, column) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position.
        <ColumnArea key={column} parentId={block.id!} column={column} blocks={blocks} />
      ))}
    </div>
  );
}

function ColumnArea({ parentId, column, blocks }: { parentId: string; column: number; blocks: Block[] }) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: columnId(parentId, column) });
  return (
    // biome-ignore lint/a11y/useSemanticElements: a column is a group of blocks, not a form's fieldset.
    <div
      ref={setNodeRef}
      role="group"
      aria-label={t('Column {number}', { number: column + 1 })}
      className={cx('min-h-16 rounded border border-dashed border-slate-300', isOver && 'border-brand-500 bg-brand-50')}
    >
      <BlockList blocks={blocks} container={{ kind: 'column', parentId, column }} />
      {blocks.length === 0 && <p className="p-2 text-center text-xs text-slate-600">{t('Drop blocks here')}</p>}
    </div>
  );
}
