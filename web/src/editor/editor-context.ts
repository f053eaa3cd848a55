/**
 * What the block editor's parts share: the document with its undo history, the selected block,
 * and the edits they make (each an undo step). Provided by BlockEditor.
 */
import { createContext, useContext } from 'react';
import type { BlockPatch } from './document.ts';
import type { DocumentHistory } from './use-document-history.ts';

export interface BlockEditorApi extends DocumentHistory {
  selected: string | null;
  select: (id: string | null) => void;
  /** Changes fields of block `id`; edits of one field in a burst are one undo step. */
  update: (id: string, patch: BlockPatch) => void;
  /** The block a drag would drop before, while one is under way. */
  dropTarget: string | null;
}

export const BlockEditorContext = createContext<BlockEditorApi | null>(null);

export function useBlockEditor(): BlockEditorApi {
  const api = useContext(BlockEditorContext);
  if (!api) throw new Error('useBlockEditor outside a BlockEditor');
  return api;
}
