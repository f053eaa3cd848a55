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
const LOADING = msg(
  '{kind, select, campaign {Loading the campaign} contact {Loading the contact} domain {Loading the domain} email {Loading the email} endpoint {Loading the endpoint} execution {Loading the execution} field {Loading the field} import {Loading the import} message {Loading the message} segment {Loading the segment} template {Loading the template} workflow {Loading the workflow} other {Loading}}',
);
const NOT_FOUND = msg(
  '{kind, select, campaign {Campaign not found} contact {Contact not found} domain {Domain not found} email {Email not found} endpoint {Endpoint not found} execution {Execution not found} field {Field not found} import {Import not found} message {Message not found} segment {Segment not found} template {Template not found} workflow {Workflow not found} other {Not found}}',
);
const ABSENT = msg(
  '{kind, select, campaign {This campaign does not exist} contact {This contact does not exist} domain {This domain does not exist} email {This email does not exist} endpoint {This endpoint does not exist} execution {This execution does not exist} field {This field does not exist} import {This import does not exist} message {This message does not exist} segment {This segment does not exist} template {This template does not exist} workflow {This workflow does not exist} other {This does not exist}}',
);

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
      <div role="status" aria-label={t(LOADING, { kind })}>
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
        <PageHeader title={t(NOT_FOUND, { kind })} />
        <EmptyState
          title={missing?.title ?? t(ABSENT, { kind })}
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
