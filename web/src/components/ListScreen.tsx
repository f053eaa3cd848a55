/**
 * The states every list goes through, written once: loading (skeleton rows), failed (the API's
 * message and Retry), empty (why, and the first step), then the rows with their paging and count.
 * `ListScreen` puts them under a screen's header; `ListStates` alone fits a list inside a card.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { i18n } from '../i18n/i18n.ts';
import type { CursorPaging } from '../lib/url-state.ts';
import { PageHeader } from './Layout.tsx';
import { ErrorState, LoadingRows } from './States.tsx';
import { Pager } from './Table.tsx';

/** Previous and next of a paged list, and what the page shows ("Page 2 of 7", "51–100 of 1,204"). */
export interface Paging {
  label?: ReactNode;
  onPrev?: () => void;
  onNext?: () => void;
}

export interface ListStatesProps<T> {
  query: UseQueryResult<T>;
  /** Read out while loading ("Loading topics"). */
  loadingLabel: string;
  loadingRows?: number;
  /** Whether the answer has no rows; by default an empty array, or an empty `data` array of a page. */
  isEmpty?: (data: T) => boolean;
  /** What shows when there are none: usually an EmptyState saying why and offering the first step. */
  empty: ReactNode;
  /** The count and Previous/Next under the rows, for a paged list (undefined: no pager). */
  paging?: (data: T) => Paging | undefined;
  children: (data: T) => ReactNode;
}

function emptyByDefault(data: unknown): boolean {
  if (Array.isArray(data)) return data.length === 0;
  const rows = (data as { data?: unknown } | null)?.data;
  return Array.isArray(rows) && rows.length === 0;
}

export function ListStates<T>({
  query,
  loadingLabel,
  loadingRows = 3,
  isEmpty = emptyByDefault,
  empty,
  paging,
  children,
}: ListStatesProps<T>) {
  if (query.isPending) return <LoadingRows rows={loadingRows} label={loadingLabel} />;
  if (query.isError) return <ErrorState error={query.error} retry={() => query.refetch()} />;
  if (isEmpty(query.data)) return <>{empty}</>;
  const pages = paging?.(query.data);
  return (
    // The previous page stays on screen, dimmed, while the next one loads.
    <div className={query.isPlaceholderData ? 'opacity-60' : undefined}>
      {children(query.data)}
      {pages && <Pager {...pages} />}
    </div>
  );
}

/** A page of a cursor-paged list as the API answers it: `total` comes with the first page only. */
interface CursorPage {
  hasMore: boolean;
  cursor?: string | null;
  total?: number;
}

/** What a cursor list counts, with its count in words ("1,204 messages"), in the dashboard's language. */
const COUNTED = {
  email: (count: number) => i18n.t('{count, plural, one {# email} other {# emails}}', { count }),
  execution: (count: number) => i18n.t('{count, plural, one {# execution} other {# executions}}', { count }),
  message: (count: number) => i18n.t('{count, plural, one {# message} other {# messages}}', { count }),
  rule: (count: number) => i18n.t('{count, plural, one {# rule} other {# rules}}', { count }),
};

export type CountedNoun = keyof typeof COUNTED;

/**
 * The paging of a cursor list kept in the URL (useCursorPaging): the count of matches on the first
 * page ("1,204 messages"), the page's number after it, Previous while there is a page before. `noun`
 * names what is counted, or is a function giving the count in words (an ICU plural message).
 */
export function cursorPages(
  paging: CursorPaging,
  page: CursorPage,
  noun: CountedNoun | ((total: number) => string),
): Paging {
  const total = page.total ?? 0;
  const counted = typeof noun === 'function' ? noun : COUNTED[noun];
  return {
    label:
      paging.pageIndex === 0 && total > 0 ? counted(total) : i18n.t('Page {number}', { number: paging.pageIndex + 1 }),
    onPrev: paging.hasPrev ? paging.prev : undefined,
    onNext: page.hasMore && page.cursor ? () => paging.next(page.cursor as string) : undefined,
  };
}

/** A list screen: its header (title, description, main action), an optional notice, and the list's states. */
export function ListScreen<T>({
  title,
  description,
  actions,
  notice,
  ...states
}: ListStatesProps<T> & { title: string; description?: ReactNode; actions?: ReactNode; notice?: ReactNode }) {
  return (
    <>
      <PageHeader title={title} description={description} actions={actions} />
      {notice}
      <ListStates {...states} />
    </>
  );
}
