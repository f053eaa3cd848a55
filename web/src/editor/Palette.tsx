/**
 * The palette of block types: drag one onto the canvas (or into a column), or choose it (click,
 * Enter) to add it after the selected block, or at the end.
 */
import { useDraggable } from '@dnd-kit/core';
import {
  Code,
  Columns3,
  Heading,
  Image,
  type LucideIcon,
  Minus,
  MoveVertical,
  Share2,
  SquareMousePointer,
  Type,
} from 'lucide-react';
import { type PointerEventHandler, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../lib/cx.ts';
import { BLOCK_TYPES, type BlockType } from './document.ts';
import { paletteId } from './drop.ts';

export const BLOCK_ICONS: Record<BlockType, LucideIcon> = {
  heading: Heading,
  text: Type,
  button: SquareMousePointer,
  image: Image,
  divider: Minus,
  spacer: MoveVertical,
  columns: Columns3,
  social: Share2,
  html: Code,
};

export function Palette({ onAdd }: { onAdd: (type: BlockType) => void }) {
  const { t } = useTranslation();
  // Two editors on one screen (a campaign and its A/B variant) each name their own palette.
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="min-w-0">
      <h3 id={titleId} className="mb-2 text-sm font-medium text-slate-700">
        {t('Blocks')}
      </h3>
      <ul className="grid grid-cols-3 gap-1.5 lg:grid-cols-1">
        {BLOCK_TYPES.map((b) => (
          <li key={b.type}>
            <PaletteItem type={b.type} label={t(b.label)} hint={t(b.hint)} onAdd={onAdd} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function PaletteItem({
  type,
  label,
  hint,
  onAdd,
}: {
  type: BlockType;
  label: string;
  hint: string;
  onAdd: (type: BlockType) => void;
}) {
  const { t } = useTranslation();
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: paletteId(type) });
  const Icon = BLOCK_ICONS[type];
  return (
    <button
      ref={setNodeRef}
      type="button"
      // The pointer drags; the keyboard adds with Enter or Space as for any button.
      onPointerDown={listeners?.onPointerDown as PointerEventHandler<HTMLButtonElement> | undefined}
      onClick={() => onAdd(type)}
      aria-label={t('Add {block}', { block: label })}
      title={hint}
      data-palette={type}
      className={cx(
        'flex w-full cursor-grab touch-none items-center gap-2 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-left text-sm text-slate-800 shadow-sm hover:border-brand-500 hover:bg-brand-50',
        isDragging && 'opacity-50',
      )}
    >
      <Icon className="size-4 shrink-0 text-slate-600" aria-hidden />
      <span className="truncate">{label}</span>
    </button>
  );
}
