/** The email log: every email of the project, newest first, filtered and paged in the URL. */
import { useQuery } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/Layout.tsx';
import { TextLink } from '../../components/Links.tsx';
import { cursorPages, ListStates } from '../../components/ListScreen.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { EmptyState } from '../../components/States.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { Table } from '../../components/Table.tsx';
import { i18n } from '../../i18n/i18n.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { useCursorPaging } from '../../lib/url-state.ts';
import { type EmailRow, emailQueries } from '../../queries/emails.ts';
import { EmailFilters, useEmailFilter } from './EmailFilters.tsx';
import { EMAIL_STATUS, SourceWithVia } from './email-status.tsx';

const PAGE_SIZE = 25;
/** The API counts up to 10,000 (10,000 means at least that): the first page's label says so. */
const COUNT_CAP = 10_000;
const capped = (pageIndex: number, total: number) =>
  pageIndex === 0 && total >= COUNT_CAP ? { label: i18n.t('{count, number}+ emails', { count: COUNT_CAP }) } : {};

export function EmailsPage() {
  const { t } = useTranslation();
  const scope = useProject();
  const filter = useEmailFilter();
  const paging = useCursorPaging();
  const list = useQuery(emailQueries.list(scope, { ...filter.query, cursor: paging.cursor, limit: PAGE_SIZE }));

  return (
    <>
      <PageHeader
        title={t('Email log')}
        description={t(
          'Every email the project sent or tried to send: its status, each delivery attempt and what the receiving server answered.',
        )}
      />
      <EmailFilters filter={filter} />
      <ListStates
        query={list}
        loadingLabel={t('Loading emails')}
        loadingRows={8}
        paging={(page) => ({ ...cursorPages(paging, page, 'email'), ...capped(paging.pageIndex, page.total) })}
        empty={
          <EmptyState
            icon={<Mail className="size-8" aria-hidden />}
            title={filter.filtered ? t('No emails match these filters') : t('No emails yet')}
            description={
              filter.filtered
                ? t('Try another status or source, a wider date range, or the exact address the mail went to.')
                : t('Emails from POST /v1/send, campaigns and workflows show up here as soon as they are queued.')
            }
          />
        }
      >
        {(page) => <EmailTable rows={page.data} />}
      </ListStates>
    </>
  );
}

function EmailTable({ rows }: { rows: EmailRow[] }) {
  const { t } = useTranslation();
  const { to } = useProject();
  return (
    <Table<EmailRow>
      caption={t('Emails, newest first')}
      rows={rows}
      rowKey={(e) => e.id}
      columns={[
        {
          key: 'subject',
          header: t('Subject'),
          className: 'max-w-0 min-w-40 w-2/5',
          cell: (e) => (
            <TextLink to={to('emails', e.id)} className="block truncate">
              {e.subject || t('(no subject)')}
            </TextLink>
          ),
        },
        {
          key: 'to',
          header: t('To'),
          className: 'max-w-0 min-w-40 w-1/4',
          cell: (e) => <span className="block truncate">{e.to}</span>,
        },
        {
          key: 'status',
          header: t('Status'),
          cell: (e) => (
            <span className="flex flex-col items-start gap-0.5">
              <StatusBadge looks={EMAIL_STATUS} status={e.status} />
              {e.scheduledAt && e.status === 'PENDING' && (
                <span className="whitespace-nowrap text-xs text-slate-600">
                  <Trans
                    i18nKey="Scheduled for <time/>"
                    components={{ time: <time dateTime={e.scheduledAt}>{formatDateTime(e.scheduledAt)}</time> }}
                  />
                </span>
              )}
              {e.status === 'SUPPRESSED' && e.suppressedBy && (
                <span className="whitespace-nowrap text-xs text-slate-600">
                  {t(
                    '{reason, select, BOUNCE {Held by a bounce rule} COMPLAINT {Held by a complaint rule} MANUAL {Held by a manual rule} ERASED {Held by an erased rule} other {Held by a suppression rule}}',
                    { reason: e.suppressedBy.reason },
                  )}
                </span>
              )}
              {e.status === 'FAILED' && e.lastError && (
                <span className="max-w-48 truncate text-xs text-red-700" title={e.lastError}>
                  {e.lastError}
                </span>
              )}
            </span>
          ),
        },
        {
          key: 'source',
          header: t('Source'),
          cell: (e) => (
            <span className="flex flex-col items-start gap-0.5">
              <SourceWithVia email={e} />
              {e.variant && (
                <span className="text-xs text-slate-600">{t('Variant {variant}', { variant: e.variant })}</span>
              )}
            </span>
          ),
        },
        { key: 'attempts', header: t('Attempts'), className: 'tabular-nums', cell: (e) => e.attemptCount },
        {
          key: 'created',
          header: t('Created'),
          className: 'whitespace-nowrap',
          cell: (e) => <RelativeTime iso={e.createdAt} />,
        },
      ]}
    />
  );
}
