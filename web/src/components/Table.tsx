import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../lib/cx.ts';
import { Button } from './Button.tsx';

export interface Column<T> {
  /** Unique within the table. */
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  className?: string;
}

/**
 * A plain data table; rows are links or buttons inside cells, never click-only rows. A table wider
 * than the screen (a phone) scrolls sideways inside its own box, never the page.
 */
export function Table<T>({
  columns,
  rows,
  rowKey,
  caption,
}: {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  caption: string;
}) {
  return (
    // contain:inline-size keeps the table's width out of the page's layout: a grid or flex column
    // around it would otherwise grow to the table's width and the whole page would scroll. `relative`
    // makes the box the containing block of the cells' sr-only (absolute) text, which it then clips.
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm [contain:inline-size]">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={cx(
                  'px-4 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-500',
                  c.className,
                )}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="hover:bg-slate-50">
              {columns.map((c) => (
                <td key={c.key} className={cx('px-4 py-2.5 align-middle text-slate-700', c.className)}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Previous/next for cursor or page lists. */
export function Pager({ onPrev, onNext, label }: { onPrev?: () => void; onNext?: () => void; label?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('Pagination')}
      className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600"
    >
      <span>{label}</span>
      <div className="flex gap-2">
        <button
          type="button"
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 disabled:opacity-50"
          onClick={onPrev}
          disabled={!onPrev}
        >
          {t('Previous')}
        </button>
        <button
          type="button"
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 disabled:opacity-50"
          onClick={onNext}
          disabled={!onNext}
        >
          {t('Next')}
        </button>
      </div>
    </nav>
  );
}

/** What LoadMore needs of an infinite query (useInfiniteQuery's result has all of it). */
export interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** Under a growing list: what is shown (`status`) and a button for the next page while there is one. */
export function LoadMore({ list, label, status }: { list: MorePages; label?: string; status?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
      <span>{status}</span>
      {list.hasNextPage && (
        <Button variant="secondary" size="sm" loading={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
          {label ?? t('Load more')}
        </Button>
      )}
    </div>
  );
}
