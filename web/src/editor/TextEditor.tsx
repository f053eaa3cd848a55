/**
 * A text block edited in place with Tiptap: bold, italic, underline, links and contact fields from
 * a toolbar (and Tiptap's own shortcuts). Only inline marks are on, so what it makes is what a text
 * block may hold (inline-html.ts). Tiptap's own undo is off: Ctrl/⌘+Z reaches the editor's, which
 * undoes over the whole document.
 */
import Link from '@tiptap/extension-link';
import Underline from '@tiptap/extension-underline';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Italic, Link as LinkIcon, Underline as UnderlineIcon } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../lib/cx.ts';
import { FieldPicker } from './FieldPicker.tsx';
import { fromEditorHtml, liquidField, toEditorHtml } from './inline-html.ts';

/** What a link in a text block may point at: the web, mail, or a Liquid value. */
export function allowedHref(url: string): boolean {
  return /^(https?:\/\/|mailto:)/i.test(url.trim()) || /^\{\{[\s\S]*\}\}$/.test(url.trim());
}

export function TextEditor({
  value,
  onChange,
  label,
  active,
}: {
  value: string;
  onChange: (html: string) => void;
  label: string;
  /** The block is selected: its toolbar shows. */
  active: boolean;
}) {
  const emitted = useRef(value);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        bulletList: false,
        orderedList: false,
        listItem: false,
        listKeymap: false,
        blockquote: false,
        codeBlock: false,
        code: false,
        horizontalRule: false,
        undoRedo: false,
        link: false,
        underline: false,
      }),
      Underline,
      Link.configure({
        openOnClick: false,
        autolink: false,
        HTMLAttributes: { target: null, rel: null },
        isAllowedUri: allowedHref,
      }),
    ],
    content: toEditorHtml(value),
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class: 'min-h-[1.5em] px-1 py-0.5 focus:outline-none',
      },
    },
    onUpdate: ({ editor }) => {
      const html = fromEditorHtml(editor.getHTML());
      emitted.current = html;
      onChange(html);
    },
  });

  // A value from outside (undo, redo, a restored version) replaces what the editor shows.
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(toEditorHtml(value), { emitUpdate: false });
  }, [editor, value]);

  return (
    <div>
      {active && editor && <Toolbar editor={editor} />}
      <EditorContent editor={editor} className="text-editor" />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const marks = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
    }),
  });
  const [linking, setLinking] = useState(false);
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) =>
    command(editor.chain().focus()).run();
  return (
    <div className="mb-1 space-y-1">
      <div role="toolbar" aria-label={t('Text formatting')} className="flex flex-wrap items-center gap-1">
        <MarkButton label={t('Bold')} on={marks.bold} onClick={() => run((c) => c.toggleBold())}>
          <Bold className="size-4" aria-hidden />
        </MarkButton>
        <MarkButton label={t('Italic')} on={marks.italic} onClick={() => run((c) => c.toggleItalic())}>
          <Italic className="size-4" aria-hidden />
        </MarkButton>
        <MarkButton label={t('Underline')} on={marks.underline} onClick={() => run((c) => c.toggleUnderline())}>
          <UnderlineIcon className="size-4" aria-hidden />
        </MarkButton>
        <MarkButton label={t('Link')} on={marks.link || linking} onClick={() => setLinking((v) => !v)}>
          <LinkIcon className="size-4" aria-hidden />
        </MarkButton>
        <FieldPicker onPick={(field) => run((c) => c.insertContent(liquidField(field)))} />
      </div>
      {linking && (
        <LinkForm
          initial={marks.href}
          onDone={(href) => {
            setLinking(false);
            if (href === undefined) return;
            if (href === '') run((c) => c.extendMarkRange('link').unsetLink());
            else run((c) => c.extendMarkRange('link').setLink({ href }));
          }}
        />
      )}
    </div>
  );
}

function MarkButton({
  label,
  on,
  onClick,
  children,
}: {
  label: string;
  on: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={on}
      // Keeps the text's selection: a click would otherwise move focus out of the editor first.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={cx(
        'inline-flex size-7 items-center justify-center rounded border text-slate-700',
        on ? 'border-slate-900 bg-slate-900 text-white' : 'border-slate-300 bg-white hover:bg-slate-100',
      )}
    >
      {children}
    </button>
  );
}

/** The address of the link on the selected text: empty removes the link. */
function LinkForm({ initial, onDone }: { initial: string; onDone: (href?: string) => void }) {
  const { t } = useTranslation();
  const [href, setHref] = useState(initial);
  const valid = href.trim() === '' || allowedHref(href);
  const apply = (e?: FormEvent) => {
    e?.preventDefault();
    if (valid) onDone(href.trim());
  };
  return (
    <div className="flex flex-wrap items-center gap-1">
      <label className="sr-only" htmlFor="text-link-href">
        {t('Link address')}
      </label>
      <input
        id="text-link-href"
        // biome-ignore lint/a11y/noAutofocus: the field opens on a click of Link, to type the address at once.
        autoFocus
        value={href}
        onChange={(e) => setHref(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply(e);
          if (e.key === 'Escape') onDone();
        }}
        placeholder="https://…"
        aria-invalid={!valid || undefined}
        className="h-7 min-w-0 flex-1 rounded border border-slate-300 px-2 text-sm"
      />
      <button type="button" onClick={() => apply()} className="h-7 rounded bg-slate-900 px-2 text-xs text-white">
        {t('Apply link')}
      </button>
      {!valid && (
        <span className="text-xs text-red-600">
          {t('Use an http(s) or mailto: address, or a {example}.', { example: '{{ field }}' })}
        </span>
      )}
    </div>
  );
}
