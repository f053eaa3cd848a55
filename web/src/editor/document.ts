/**
 * The block document the visual editor edits (the API's BlockDocument, docs/authoring.md): its block
 * types as the palette offers them, a new block of each type, the editor's own block ids, and the
 * document's blocks found, changed, moved and removed by id, nested columns included. Pure,
 * unit-tested; every change answers a new document and leaves the old one as it was (undo keeps it).
 */
import { i18n } from '../i18n/i18n.ts';
import { msg } from '../i18n/msg.ts';
import type { Block, BlockDocument, BlockType, DocumentStyle, LeafBlock } from './block-types.ts';

export type { Block, BlockDocument, BlockType, DocumentStyle };

/**
 * A column's list as the schema types it. Sound because no change here puts columns in a column:
 * insertBlock and moveBlock refuse it, and copies keep what they copy.
 */
const leaves = (blocks: Block[]) => blocks as LeafBlock[];

/** Where a block sits: the document's own list, or one column of a columns block. */
export type Container = { kind: 'root' } | { kind: 'column'; parentId: string; column: number };

export const ROOT: Container = { kind: 'root' };

/**
 * The block types in the order the palette lists them, with what each is for. Labels and hints are
 * English messages, translated where shown (`blockLabel`, `t(b.hint)`).
 */
export const BLOCK_TYPES: Array<{ type: BlockType; label: string; hint: string }> = [
  { type: 'heading', label: msg('Heading'), hint: msg('A title, level 1 to 3') },
  { type: 'text', label: msg('Text'), hint: msg('Paragraphs with bold, italic, links and fields') },
  { type: 'button', label: msg('Button'), hint: msg('A link that looks like a button') },
  { type: 'image', label: msg('Image'), hint: msg('An uploaded or linked picture') },
  { type: 'divider', label: msg('Divider'), hint: msg('A horizontal line') },
  { type: 'spacer', label: msg('Spacer'), hint: msg('Empty space of a set height') },
  { type: 'columns', label: msg('Columns'), hint: msg('Two to four columns side by side') },
  { type: 'social', label: msg('Social links'), hint: msg('Links to your profiles') },
  { type: 'html', label: msg('HTML'), hint: msg('Your own HTML, as it is') },
];

/** The block type's name in the dashboard's language. */
export function blockLabel(type: BlockType): string {
  const label = BLOCK_TYPES.find((b) => b.type === type)?.label;
  return label ? i18n.t(label) : type;
}

export const CONTENT_WIDTH = { min: 480, max: 800, initial: 600 } as const;
export const MAX_COLUMNS = 4;
export const MIN_COLUMNS = 2;

let counter = 0;

/** A block id unique in this page's life (the API keeps ids up to 64 characters as they are). */
export function newId(): string {
  counter += 1;
  return `b${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A new block of `type` with the content it starts with (its words in the dashboard's language). */
export function newBlock(type: BlockType): Block {
  const id = newId();
  switch (type) {
    case 'heading':
      return { id, type, text: i18n.t('A heading'), level: 2 };
    case 'text':
      return { id, type, html: i18n.t('Write something here.') };
    case 'button':
      return { id, type, label: i18n.t('Click here'), href: 'https://example.com', align: 'center' };
    case 'image':
      return { id, type, src: '', alt: '' };
    case 'divider':
      return { id, type };
    case 'spacer':
      return { id, type, height: 24 };
    case 'columns':
      return { id, type, columns: [[], []] };
    case 'social':
      return { id, type, links: [{ network: 'web', href: 'https://example.com' }] };
    case 'html':
      return { id, type, html: `<p>${i18n.t('Your HTML')}</p>` };
  }
}

/** An empty document: default style, no blocks. */
export function emptyDocument(): BlockDocument {
  return { version: 1, blocks: [] };
}

/**
 * The Liquid around a greeting's fallback word: the contact's first name, else the word ("there").
 * The word is the translator's, in the whole greeting: `Hello {firstNameOr}there{end}`.
 */
export const LIQUID_NAME = { firstNameOr: '{{ firstName ?? "', end: '" }}' };

/** A document to start a new email with: a heading and a text block. */
export function starterDocument(): BlockDocument {
  return {
    version: 1,
    blocks: [
      { id: newId(), type: 'heading', text: i18n.t('Hello {firstNameOr}there{end}', LIQUID_NAME), level: 1 },
      { id: newId(), type: 'text', html: i18n.t('Write your message here.') },
    ],
  };
}

/** `doc` with an id on every block that has none (ids already there are kept); `doc` itself when all have one. */
export function withIds(doc: BlockDocument): BlockDocument {
  const fill = (blocks: Block[]): Block[] =>
    blocks.map((b) => {
      const own = b.id ? b : { ...b, id: newId() };
      return own.type === 'columns' ? { ...own, columns: own.columns.map((list) => leaves(fill(list))) } : own;
    });
  const missing = (blocks: Block[]): boolean =>
    blocks.some((b) => !b.id || (b.type === 'columns' && b.columns.some(missing)));
  return missing(doc.blocks) ? { ...doc, blocks: fill(doc.blocks) } : doc;
}

/** The list of blocks in `container`, or undefined when the container is not there. */
export function blocksIn(doc: BlockDocument, container: Container): Block[] | undefined {
  if (container.kind === 'root') return doc.blocks;
  const parent = doc.blocks.find((b) => b.id === container.parentId);
  return parent?.type === 'columns' ? parent.columns[container.column] : undefined;
}

/** Where block `id` is: its container and index; undefined when it is not in the document. */
export function locate(doc: BlockDocument, id: string): { container: Container; index: number } | undefined {
  const index = doc.blocks.findIndex((b) => b.id === id);
  if (index >= 0) return { container: ROOT, index };
  for (const parent of doc.blocks) {
    if (parent.type !== 'columns') continue;
    for (const [column, blocks] of parent.columns.entries()) {
      const at = blocks.findIndex((b) => b.id === id);
      if (at >= 0) return { container: { kind: 'column', parentId: parent.id!, column }, index: at };
    }
  }
  return undefined;
}

/** Block `id`, wherever it is. */
export function findBlock(doc: BlockDocument, id: string): Block | undefined {
  const at = locate(doc, id);
  return at ? blocksIn(doc, at.container)?.[at.index] : undefined;
}

/** `doc` with the list of `container` replaced by `change(list)`. */
function changeContainer(
  doc: BlockDocument,
  container: Container,
  change: (blocks: Block[]) => Block[],
): BlockDocument {
  if (container.kind === 'root') return { ...doc, blocks: change(doc.blocks) };
  return {
    ...doc,
    blocks: doc.blocks.map((b) =>
      b.id === container.parentId && b.type === 'columns'
        ? { ...b, columns: b.columns.map((list, i) => (i === container.column ? leaves(change(list)) : list)) }
        : b,
    ),
  };
}

/**
 * `doc` with `block` inserted at `index` of `container` (clamped to its length). A columns block
 * goes only into the document's own list: columns in columns are refused (the document unchanged).
 */
export function insertBlock(doc: BlockDocument, block: Block, container: Container, index: number): BlockDocument {
  if (container.kind === 'column' && block.type === 'columns') return doc;
  if (!blocksIn(doc, container)) return doc;
  return changeContainer(doc, container, (list) => {
    const at = Math.max(0, Math.min(index, list.length));
    return [...list.slice(0, at), block, ...list.slice(at)];
  });
}

/** `doc` without block `id` (a columns block goes with what its columns hold). */
export function removeBlock(doc: BlockDocument, id: string): BlockDocument {
  const at = locate(doc, id);
  if (!at) return doc;
  return changeContainer(doc, at.container, (list) => list.filter((b) => b.id !== id));
}

/**
 * `doc` with block `id` moved to `index` of `container`, the index read in the list as it is after
 * the block left it (for a move within one list: the block's new index). Refused (the document
 * unchanged) for a columns block into a column, or a container that is not there.
 */
export function moveBlock(doc: BlockDocument, id: string, container: Container, index: number): BlockDocument {
  const block = findBlock(doc, id);
  if (!block) return doc;
  if (container.kind === 'column' && (block.type === 'columns' || container.parentId === id)) return doc;
  const without = removeBlock(doc, id);
  if (!blocksIn(without, container)) return doc;
  return insertBlock(without, block, container, index);
}

/** The fields any block may change: those of its own type and the common ones, never its type or id. */
export type BlockPatch = Partial<Record<string, unknown>>;

/** `doc` with `patch` applied to block `id`; a field patched to undefined is removed. */
export function updateBlock(doc: BlockDocument, id: string, patch: BlockPatch): BlockDocument {
  const at = locate(doc, id);
  if (!at) return doc;
  return changeContainer(doc, at.container, (list) =>
    list.map((b) => {
      if (b.id !== id) return b;
      const next: Record<string, unknown> = { ...b, ...patch, type: b.type, id: b.id };
      for (const key of Object.keys(patch)) if (patch[key] === undefined) delete next[key];
      return next as unknown as Block;
    }),
  );
}

/** A copy of `block` with new ids throughout. */
export function cloneBlock(block: Block): Block {
  const copy = { ...block, id: newId() } as Block;
  return copy.type === 'columns'
    ? { ...copy, columns: copy.columns.map((list) => leaves(list.map(cloneBlock))) }
    : copy;
}

/** `doc` with a copy of block `id` right after it; the copy's id is the answer's `id`. */
export function duplicateBlock(doc: BlockDocument, id: string): { doc: BlockDocument; id?: string } {
  const at = locate(doc, id);
  const block = findBlock(doc, id);
  if (!at || !block) return { doc };
  const copy = cloneBlock(block);
  return { doc: insertBlock(doc, copy, at.container, at.index + 1), id: copy.id };
}

/**
 * `doc` with columns block `id` given `count` columns (2–4): new columns start empty; the blocks of
 * columns taken away move to the end of the last column kept, so nothing is lost.
 */
export function setColumnCount(doc: BlockDocument, id: string, count: number): BlockDocument {
  const block = findBlock(doc, id);
  if (block?.type !== 'columns') return doc;
  const n = Math.max(MIN_COLUMNS, Math.min(MAX_COLUMNS, Math.round(count)));
  const current = block.columns;
  let columns: Block[][];
  if (n >= current.length) columns = [...current, ...Array.from({ length: n - current.length }, () => [])];
  else {
    columns = current.slice(0, n);
    columns[n - 1] = [...columns[n - 1]!, ...current.slice(n).flat()];
  }
  return updateBlock(doc, id, { columns });
}

/** `doc` with its global style changed by `patch`; a field patched to undefined goes back to the default. */
export function updateStyle(doc: BlockDocument, patch: Partial<DocumentStyle>): BlockDocument {
  const style: Record<string, unknown> = { ...doc.style, ...patch };
  for (const key of Object.keys(patch)) if (patch[key as keyof DocumentStyle] === undefined) delete style[key];
  return { ...doc, style: Object.keys(style).length > 0 ? (style as DocumentStyle) : undefined };
}

/** How many blocks the document holds, those inside columns included (the API allows 500). */
export function countBlocks(doc: BlockDocument): number {
  return doc.blocks.reduce((n, b) => n + 1 + (b.type === 'columns' ? b.columns.flat().length : 0), 0);
}
