/**
 * A screen about one record, written once: the link back to its list, a skeleton while it loads,
 * "not found" when the API answers 404 (deleted, or another project's link), the API's message and
 * Retry on any other failure, then the record.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../api/client.ts';
import { PageHeader } from './Layout.tsx';
import { BackLink, TextLink } from './Links.tsx';
import { EmptyState, ErrorState, Skeleton } from './States.tsx';

export function DetailScreen<T>({
  query,
  back,
  noun,
  skeleton,
  children,
}: {
  /** The record's query; an answer of null (a record looked up in a list) also counts as not found. */
  query: UseQueryResult<T | null>;
  /** The list it belongs to: `{ to: scope.to('webhooks'), label: 'Webhooks' }`. */
  back: { to: string; label: string };
  /** What the record is, in lower case ("endpoint", "campaign"). */
  noun: string;
  /** The record's shape while it loads; a heading, a line and a block by default. */
  skeleton?: ReactNode;
  /** The record's screen; the back link is already above it. */
  children: (record: T) => ReactNode;
}) {
  const backLink = <BackLink to={back.to}>{back.label}</BackLink>;
  if (query.isPending) {
    return (
      <div role="status" aria-label={`Loading the ${noun}`}>
        {backLink}
        {skeleton ?? (
          <>
            <Skeleton className="mb-2 h-7 w-96 max-w-full" />
            <Skeleton className="mb-6 h-5 w-56" />
            <Skeleton className="h-64 w-full rounded-lg" />
          </>
        )}
      </div>
    );
  }
  const missing = query.isSuccess ? query.data === null : query.error instanceof ApiError && query.error.status === 404;
  if (missing) {
    const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
    return (
      <>
        {backLink}
        <PageHeader title={`${Noun} not found`} />
        <EmptyState
          title={`This ${noun} does not exist`}
          description="It may have been deleted, or the link belongs to another project."
          action={<TextLink to={back.to}>See all {back.label.toLowerCase()}</TextLink>}
        />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        {backLink}
        <ErrorState error={query.error} retry={() => query.refetch()} />
      </>
    );
  }
  return (
    <>
      {backLink}
      {children(query.data as T)}
    </>
  );
}
