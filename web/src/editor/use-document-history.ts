/**
 * The block editor's document with undo and redo, over a document its form holds (`value`,
 * `onChange`): every edit goes through `edit` and becomes a step; undo and redo hand the form the
 * document of that step. A document the form changes by itself (a discard, a save's answer, a
 * restored version) starts the history over.
 */
import { useCallback, useRef, useState } from 'react';
import type { BlockDocument } from './document.ts';
import { type History, record, redo, startHistory, undo } from './history.ts';

export interface DocumentHistory {
  doc: BlockDocument;
  /** Applies `change` to the document as one step (joined to the last when of the same `group`, soon after). */
  edit: (change: (doc: BlockDocument) => BlockDocument, group?: string) => void;
  undo: () => void;
  redo: () => void;
  canUndo: boolean;
  canRedo: boolean;
}

export function useDocumentHistory(value: BlockDocument, onChange: (doc: BlockDocument) => void): DocumentHistory {
  const [history, setHistory] = useState<History>(() => startHistory(value));
  // The history the latest render has, so two edits before the next render both count.
  const current = useRef(history);
  let shown = history;
  if (value !== history.present) {
    // A document from outside: the history starts over from it (set during render, React's way of
    // deriving state from a prop without an effect's extra frame).
    shown = startHistory(value);
    current.current = shown;
    setHistory(shown);
  }
  current.current = shown;

  const commit = useCallback(
    (next: History) => {
      if (next === current.current) return;
      current.current = next;
      setHistory(next);
      onChange(next.present);
    },
    [onChange],
  );

  return {
    doc: shown.present,
    edit: (change, group) => commit(record(current.current, change(current.current.present), Date.now(), group)),
    undo: () => commit(undo(current.current)),
    redo: () => commit(redo(current.current)),
    canUndo: shown.past.length > 0,
    canRedo: shown.future.length > 0,
  };
}
