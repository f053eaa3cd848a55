/**
 * A screen about one record, written once: the link back to its list, a skeleton while it loads,
 * "not found" when the API answers 404 (deleted, or another project's link), the API's message and
 * Retry on any other failure, then the record. A record once shown stays when a later refresh fails
 * for another reason (a polled campaign, a form with unsaved changes): only a 404 takes it away.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.ts';
import { msg } from '../i18n/msg.ts';
import { PageHeader } from './Layout.tsx';
import { BackLink, TextLink } from './Links.tsx';
import { EmptyState, ErrorState, Skeleton } from './States.tsx';

/** What a detail screen shows: each names itself in whole sentences (genders differ by language). */
export type RecordKind =
  | 'campaign'
  | 'contact'
  | 'domain'
  | 'email'
  | 'endpoint'
  | 'execution'
  | 'field'
  | 'import'
  | 'message'
  | 'segment'
  | 'template'
  | 'workflow';

// One sentence per kind, so each language can give each noun its gender and case.
const LOADING: Record<RecordKind, string> = {
  campaign: msg('Loading the campaign'),
  contact: msg('Loading the contact'),
  domain: msg('Loading the domain'),
  email: msg('Loading the email'),
  endpoint: msg('Loading the endpoint'),
  execution: msg('Loading the execution'),
  field: msg('Loading the field'),
  import: msg('Loading the import'),
  message: msg('Loading the message'),
  segment: msg('Loading the segment'),
  template: msg('Loading the template'),
  workflow: msg('Loading the workflow'),
};
const NOT_FOUND: Record<RecordKind, string> = {
  campaign: msg('Campaign not found'),
  contact: msg('Contact not found'),
  domain: msg('Domain not found'),
  email: msg('Email not found'),
  endpoint: msg('Endpoint not found'),
  execution: msg('Execution not found'),
  field: msg('Field not found'),
  import: msg('Import not found'),
  message: msg('Message not found'),
  segment: msg('Segment not found'),
  template: msg('Template not found'),
  workflow: msg('Workflow not found'),
};
const ABSENT: Record<RecordKind, string> = {
  campaign: msg('This campaign does not exist'),
  contact: msg('This contact does not exist'),
  domain: msg('This domain does not exist'),
  email: msg('This email does not exist'),
  endpoint: msg('This endpoint does not exist'),
  execution: msg('This execution does not exist'),
  field: msg('This field does not exist'),
  import: msg('This import does not exist'),
  message: msg('This message does not exist'),
  segment: msg('This segment does not exist'),
  template: msg('This template does not exist'),
  workflow: msg('This workflow does not exist'),
};

export function DetailScreen<T>({
  query,
  back,
  kind,
  skeleton,
  missing,
  children,
}: {
  /** The record's query; an answer of null (a record looked up in a list) also counts as not found. */
  query: UseQueryResult<T | null>;
  /** The list it belongs to: `{ to: scope.to('webhooks'), label: t('Webhooks') }`. */
  back: { to: string; label: string };
  /** What the record is. */
  kind: RecordKind;
  /** The record's shape while it loads; a heading, a line and a block by default. */
  skeleton?: ReactNode;
  /** Why this record may not exist and what to do instead, where the general words do not fit. */
  missing?: { title?: string; description?: ReactNode; action?: ReactNode };
  /** The record's screen; the back link is already above it. */
  children: (record: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const backLink = <BackLink to={back.to}>{back.label}</BackLink>;
  if (query.isPending) {
    return (
      <div role="status" aria-label={t(LOADING[kind])}>
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
    return (
      <>
        {backLink}
        <PageHeader title={t(NOT_FOUND[kind])} />
        <EmptyState
          title={missing?.title ?? t(ABSENT[kind])}
          description={missing?.description ?? t('It may have been deleted, or the link belongs to another project.')}
          action={missing?.action ?? <TextLink to={back.to}>{t('Open {list}', { list: back.label })}</TextLink>}
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
