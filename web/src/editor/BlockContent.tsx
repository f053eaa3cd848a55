/**
 * How each block looks on the canvas: close to the email (the server's preview shows the real
 * thing), with headings and text edited where they stand. Everything else is set in the block's
 * settings panel.
 */
import { ImageIcon } from 'lucide-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { Block } from './document.ts';
import { useBlockEditor } from './editor-context.ts';
import { TextEditor } from './TextEditor.tsx';

const HEADING_SIZE = { 1: 'text-3xl', 2: 'text-2xl', 3: 'text-xl' } as const;

/** The padding and alignment a block asks for, as canvas styles. */
export function blockBoxStyle(block: Block): CSSProperties {
  return {
    padding: block.padding || '10px 25px',
    textAlign: block.align ?? (block.type === 'button' ? 'center' : 'left'),
  };
}

export function BlockContent({ block }: { block: Block }) {
  const { t } = useTranslation();
  const { update, selected } = useBlockEditor();
  const id = block.id!;
  switch (block.type) {
    case 'heading':
      return (
        // A heading is one line of text that wraps as the email would: a textarea that grows, Enter kept out.
        <textarea
          aria-label={t('Heading text')}
          rows={1}
          value={block.text}
          onChange={(e) => update(id, { text: e.target.value.replace(/[\r\n]+/g, ' ') })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.preventDefault();
          }}
          style={{ textAlign: block.align ?? 'left' }}
          className={`field-sizing-content block w-full resize-none bg-transparent font-bold focus:outline-none ${HEADING_SIZE[(block.level ?? 1) as 1 | 2 | 3]}`}
        />
      );
    case 'text':
      return (
        <TextEditor
          value={block.html}
          onChange={(html) => update(id, { html })}
          label={t('Text')}
          active={selected === id}
        />
      );
    case 'button':
      return (
        <span
          className="inline-block rounded px-5 py-2.5 text-sm font-semibold"
          style={{ backgroundColor: block.backgroundColor ?? '#414141', color: block.textColor ?? '#ffffff' }}
        >
          {block.label || t('Button')}
        </span>
      );
    case 'image':
      return block.src ? (
        <img
          src={block.src}
          alt={block.alt}
          // As MJML draws it: the set width, else the content's whole width.
          style={{ width: block.width ? `${block.width}px` : '100%' }}
          // Blocks move by their handles: the browser's own drag of an image would fight dnd-kit's.
          draggable={false}
          className="inline-block max-w-full"
        />
      ) : (
        <div className="flex items-center justify-center gap-2 rounded border border-dashed border-slate-300 bg-slate-50 py-6 text-sm text-slate-600">
          <ImageIcon className="size-5" aria-hidden />
          {t('No image yet: upload one in the block’s settings')}
        </div>
      );
    case 'divider':
      return <hr className="border-slate-300" />;
    case 'spacer':
      return (
        <div
          className="rounded border border-dashed border-slate-200 text-center text-xs text-slate-500"
          style={{ height: block.height }}
        >
          {t('{height} px', { height: block.height })}
        </div>
      );
    case 'social':
      return (
        <ul className="inline-flex flex-wrap gap-2" aria-label={t('Social links')}>
          {block.links.map((link, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: links have no id and keep their order.
            <li key={i} className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs text-slate-800">
              {link.network}
            </li>
          ))}
          {block.links.length === 0 && <li className="text-xs text-slate-600">{t('No links yet')}</li>}
        </ul>
      );
    case 'html':
      return (
        <pre className="max-h-32 overflow-hidden rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap text-slate-700">
          {block.html || t('Empty HTML block')}
        </pre>
      );
    case 'columns':
      // Drawn by the canvas: each column is a list of blocks of its own.
      return null;
  }
}
