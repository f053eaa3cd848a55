/**
 * Undo and redo over the block document: the documents before and after the one shown. Edits of
 * one field made in a burst (typing in one text block) are one step: an edit with the same `group`
 * as the last, less than COALESCE_MS after it, replaces that step's result instead of adding one.
 * Pure, unit-tested.
 */
import type { BlockDocument } from './document.ts';

/** How many steps back undo reaches. */
export const HISTORY_LIMIT = 100;
/** Edits of one group closer together than this are one step. */
export const COALESCE_MS = 1000;

export interface History {
  past: BlockDocument[];
  present: BlockDocument;
  future: BlockDocument[];
  /** The group and time of the last edit, for coalescing; undefined after an undo, a redo or a reset. */
  last?: { group: string; at: number };
}

/** A history with nothing to undo or redo. */
export function startHistory(present: BlockDocument): History {
  return { past: [], present, future: [] };
}

/**
 * `history` after an edit that made `next`: the edit is a new step (redo forgotten), or joins the
 * last one when it is of the same `group` and soon after it. An edit that changes nothing is no step.
 */
export function record(history: History, next: BlockDocument, at: number, group?: string): History {
  if (next === history.present) return history;
  const joins = group !== undefined && history.last?.group === group && at - history.last.at < COALESCE_MS;
  const past = joins ? history.past : [...history.past, history.present].slice(-HISTORY_LIMIT);
  return { past, present: next, future: [], last: group === undefined ? undefined : { group, at } };
}

export function undo(history: History): History {
  const previous = history.past.at(-1);
  if (!previous) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo(history: History): History {
  const [next, ...rest] = history.future;
  if (!next) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
}
