/** The email log: every email of the project, newest first, filtered and paged in the URL. */
import { useQuery } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { PageHeader } from '../../components/Layout.tsx';
import { TextLink } from '../../components/Links.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { EmptyState, ErrorState, LoadingRows } from '../../components/States.tsx';
import { Pager, Table } from '../../components/Table.tsx';
import { formatNumber, plural } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { useCursorPaging } from '../../lib/url-state.ts';
import { type EmailRow, emailQueries } from '../../queries/emails.ts';
import { EmailFilters, useEmailFilter } from './EmailFilters.tsx';
import { EmailStatusBadge, SourceWithVia } from './email-status.tsx';

const PAGE_SIZE = 25;

export function EmailsPage() {
  const scope = useProject();
  const filter = useEmailFilter();
  const paging = useCursorPaging();
  const list = useQuery(emailQueries.list(scope, { ...filter.query, cursor: paging.cursor, limit: PAGE_SIZE }));

  return (
    <>
      <PageHeader
        title="Email log"
        description="Every email the project sent or tried to send: its status, each delivery attempt and what the receiving server answered."
      />
      <EmailFilters filter={filter} />
      {list.isPending && <LoadingRows rows={8} label="Loading emails" />}
      {list.isError && <ErrorState error={list.error} retry={() => list.refetch()} />}
      {list.isSuccess && list.data.data.length === 0 && (
        <EmptyState
          icon={<Mail className="size-8" aria-hidden />}
          title={filter.filtered ? 'No emails match these filters' : 'No emails yet'}
          description={
            filter.filtered
              ? 'Try another status or source, a wider date range, or the exact address the mail went to.'
              : 'Emails from POST /v1/send, campaigns and workflows show up here as soon as they are queued.'
          }
        />
      )}
      {list.isSuccess && list.data.data.length > 0 && (
        <div className={list.isPlaceholderData ? 'opacity-60' : undefined}>
          <EmailTable rows={list.data.data} />
          <Pager
            label={
              paging.pageIndex === 0 && list.data.total > 0
                ? countLabel(list.data.total)
                : `Page ${paging.pageIndex + 1}`
            }
            onPrev={paging.hasPrev ? paging.prev : undefined}
            onNext={list.data.hasMore ? () => paging.next(list.data.cursor) : undefined}
          />
        </div>
      )}
    </>
  );
}

/** The API counts up to 10,000 (10,000 means at least that). */
const COUNT_CAP = 10_000;
const countLabel = (total: number) =>
  total >= COUNT_CAP ? `${formatNumber(COUNT_CAP)}+ emails` : plural(total, 'email');

function EmailTable({ rows }: { rows: EmailRow[] }) {
  const { to } = useProject();
  return (
    <Table<EmailRow>
      caption="Emails, newest first"
      rows={rows}
      rowKey={(e) => e.id}
      columns={[
        {
          key: 'subject',
          header: 'Subject',
          className: 'max-w-0 w-2/5',
          cell: (e) => (
            <TextLink to={to('emails', e.id)} className="block truncate">
              {e.subject || '(no subject)'}
            </TextLink>
          ),
        },
        {
          key: 'to',
          header: 'To',
          className: 'max-w-0 w-1/4',
          cell: (e) => <span className="block truncate">{e.to}</span>,
        },
        {
          key: 'status',
          header: 'Status',
          cell: (e) => (
            <span className="flex flex-col items-start gap-0.5">
              <EmailStatusBadge status={e.status} />
              {e.status === 'FAILED' && e.lastError && (
                <span className="max-w-48 truncate text-xs text-red-700" title={e.lastError}>
                  {e.lastError}
                </span>
              )}
            </span>
          ),
        },
        { key: 'source', header: 'Source', cell: (e) => <SourceWithVia email={e} /> },
        { key: 'attempts', header: 'Attempts', className: 'tabular-nums', cell: (e) => e.attemptCount },
        {
          key: 'created',
          header: 'Created',
          className: 'whitespace-nowrap',
          cell: (e) => <RelativeTime iso={e.createdAt} />,
        },
      ]}
    />
  );
}
