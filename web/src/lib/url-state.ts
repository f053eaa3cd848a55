/**
 * State kept in the URL's search params, so a reload, a shared link and the Back button show the
 * same list, filter and page. Updates replace the history entry: typing in a filter must not add
 * one entry per keystroke.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

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

/** The rendered location's key, and the search the last update asked for while it was rendered. */
let requested: { key: string; search: string } | undefined;

/**
 * Applies `changes` to the URL's search params (replacing the history entry, or pushing one).
 * Two updates in one event (a filter, then its page) both see the same rendered location: the
 * second starts from what the first asked for, where react-router's setSearchParams would start
 * from the render's params and undo the first.
 */
function useSearchUpdate(): (changes: Record<string, string | undefined>, push?: boolean) => void {
  const { key, search } = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (changes, push = false) => {
      const current = new URLSearchParams(requested?.key === key ? requested.search : search);
      const next = patchSearchParams(current, changes).toString();
      if (next === current.toString()) return;
      requested = { key, search: next };
      navigate(`?${next}`, { replace: !push });
    },
    [key, search, navigate],
  );
}

/** Sets several search params in one history replacement. */
export function useSearchParamPatch(): (changes: Record<string, string | undefined>) => void {
  const update = useSearchUpdate();
  return useCallback((changes) => update(changes), [update]);
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
  const [params] = useSearchParams();
  const update = useSearchUpdate();
  const cursor = params.get(CURSOR) || undefined;
  const back = parseBackStack(params.get(BACK));
  const move = (to: string | undefined, stack: string[], push: boolean) =>
    update({ [CURSOR]: to, [BACK]: stack.length > 0 ? formatBackStack(stack) : undefined }, push);
  return {
    cursor,
    next: (c) => move(c, [...back, cursor ?? ''], true),
    prev: () => move(back.at(-1) || undefined, back.slice(0, -1), true),
    // A reset follows a filter change, which replaced its entry: so does the reset.
    reset: () => move(undefined, [], false),
    hasPrev: cursor !== undefined || back.length > 0,
    pageIndex: back.length + (cursor !== undefined && back.length === 0 ? 1 : 0),
  };
}
