/**
 * A screen about one record, written once: the link back to its list, a skeleton while it loads,
 * "not found" when the API answers 404 (deleted, or another project's link), the API's message and
 * Retry on any other failure, then the record. A record once shown stays when a later refresh fails
 * for another reason (a polled campaign, a form with unsaved changes): only a 404 takes it away.
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
  missing,
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
  /** Why this record may not exist and what to do instead, where the general words do not fit. */
  missing?: { title?: string; description?: ReactNode; action?: ReactNode };
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
  const record = query.data;
  if (record === null || (query.error instanceof ApiError && query.error.status === 404)) {
    const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
    return (
      <>
        {backLink}
        <PageHeader title={`${Noun} not found`} />
        <EmptyState
          title={missing?.title ?? `This ${noun} does not exist`}
          description={missing?.description ?? 'It may have been deleted, or the link belongs to another project.'}
          action={missing?.action ?? <TextLink to={back.to}>See all {back.label.toLowerCase()}</TextLink>}
        />
      </>
    );
  }
  if (record === undefined) {
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
      {children(record)}
    </>
  );
}
