/**
 * State kept in the URL's search params, so a reload, a shared link and the Back button show the
 * same list, filter and page. Updates replace the history entry: typing in a filter must not add
 * one entry per keystroke.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const CURSOR = 'cursor';
const BACK = 'back';

/**
 * The search params with `changes` applied: undefined or '' removes a param. When a param other
 * than the page's own changes, the page (`cursor`, `back`) is dropped too: a cursor taken under
 * another filter means nothing.
 */
export function patchSearchParams(
  current: URLSearchParams,
  changes: Record<string, string | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  let filterChanged = false;
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, value);
    if (name !== CURSOR && name !== BACK && next.get(name) !== current.get(name)) filterChanged = true;
  }
  if (filterChanged) {
    next.delete(CURSOR);
    next.delete(BACK);
  }
  return next;
}

/**
 * Sets several search params in one history replacement. (Two setters called in one event would
 * each start from the same render's params, and the second would undo the first.)
 */
export function useSearchParamPatch(): (changes: Record<string, string | undefined>) => void {
  const [, setParams] = useSearchParams();
  return useCallback(
    (changes) => setParams((prev) => patchSearchParams(prev, changes), { replace: true }),
    [setParams],
  );
}

/**
 * A string kept in the search param `name`. Setting it to undefined, '' or the fallback removes the
 * param (the default state has a clean URL). Changing it drops the list's page (see
 * patchSearchParams), so a filter's setter needs no paging.reset() beside it.
 */
export function useSearchParamState(name: string, fallback = ''): [string, (value: string | undefined) => void] {
  const [params] = useSearchParams();
  const patch = useSearchParamPatch();
  const value = params.get(name) ?? fallback;
  const set = useCallback(
    (next: string | undefined) => patch({ [name]: next === fallback ? undefined : next }),
    [name, fallback, patch],
  );
  return [value, set];
}

/** The cursors of the pages before this one, as kept in `?back=` ('' stands for the first page). */
export function parseBackStack(raw: string | null): string[] {
  if (raw === null || raw === '') return [];
  return raw.split(',').map((c) => decodeURIComponent(c));
}

export function formatBackStack(stack: string[]): string {
  return stack.map((c) => encodeURIComponent(c)).join(',');
}

export interface CursorPaging {
  /** The current page's cursor; undefined on the first page. */
  cursor: string | undefined;
  next: (cursor: string) => void;
  prev: () => void;
  /** Back to the first page (after a filter change, say). */
  reset: () => void;
  hasPrev: boolean;
  /** How many pages come before this one (0 on the first), for "Page n" labels. */
  pageIndex: number;
}

/**
 * Cursor paging kept in the URL: `?cursor=` is this page's and `?back=` the stack of the pages
 * before it, so Previous works after a reload. Next and Previous push a history entry (Back
 * returns to the previous page, as on any paged site).
 */
export function useCursorPaging(): CursorPaging {
  const [params, setParams] = useSearchParams();
  const cursor = params.get(CURSOR) || undefined;
  const back = parseBackStack(params.get(BACK));
  const move = useCallback(
    (to: string | undefined, stack: string[]) =>
      setParams((prev) => {
        const p = new URLSearchParams(prev);
        if (to) p.set(CURSOR, to);
        else p.delete(CURSOR);
        if (stack.length > 0) p.set(BACK, formatBackStack(stack));
        else p.delete(BACK);
        return p;
      }),
    [setParams],
  );
  return {
    cursor,
    next: (c) => move(c, [...back, cursor ?? '']),
    prev: () => move(back.at(-1) || undefined, back.slice(0, -1)),
    reset: () => move(undefined, []),
    hasPrev: cursor !== undefined || back.length > 0,
    pageIndex: back.length + (cursor !== undefined && back.length === 0 ? 1 : 0),
  };
}
