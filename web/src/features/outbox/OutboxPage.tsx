import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/Layout.tsx';
import { TextLink } from '../../components/Links.tsx';
import { cursorPages, ListStates } from '../../components/ListScreen.tsx';
import { RecipientSearch } from '../../components/RecipientSearch.tsx';
import { EmptyState } from '../../components/States.tsx';
import { Table } from '../../components/Table.tsx';
import { formatDateTime, formatRelative } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { useCursorPaging, useSearchParamState } from '../../lib/url-state.ts';
import { type CapturedMessage, outboxQueries } from '../../queries/outbox.ts';
import { CaptureOnly } from './CaptureOnly.tsx';

const PAGE_SIZE = 25;

/** The capture outbox: every message this server kept instead of sending, newest first. */
export function OutboxPage() {
  return (
    <CaptureOnly>
      <Outbox />
    </CaptureOnly>
  );
}

function Outbox() {
  const { t } = useTranslation();
  const scope = useProject();
  const { to } = scope;
  const [recipient, setRecipient] = useSearchParamState('to');
  const paging = useCursorPaging();
  const list = useQuery(
    outboxQueries.list(scope, { to: recipient || undefined, limit: PAGE_SIZE, cursor: paging.cursor }),
  );

  return (
    <>
      <PageHeader
        title={t('Outbox')}
        description={t(
          'This server captures mail instead of sending it: every message ends up here, exactly as it would have been sent.',
        )}
      />
      {/* A new search starts on its first page (the param's setter drops the cursor). */}
      <RecipientSearch
        name={t('Search the outbox')}
        applied={recipient}
        onSearch={(r) => setRecipient(r)}
        filtered={Boolean(recipient)}
        onClear={() => setRecipient(undefined)}
        className="mb-4"
      />
      <ListStates
        query={list}
        loadingLabel={t('Loading messages')}
        loadingRows={6}
        paging={(page) => cursorPages(paging, page, 'message')}
        empty={
          <EmptyState
            icon={<Inbox className="size-8" aria-hidden />}
            title={recipient ? t('No messages to {address}', { address: recipient }) : t('No messages yet')}
            description={
              recipient
                ? t('Search for the exact address the mail went to.')
                : t('Send a test from the Overview, or call POST /v1/send: the message shows up here.')
            }
            action={!recipient && <TextLink to={to()}>{t('Go to the Overview')}</TextLink>}
          />
        }
      >
        {(page) => (
          <Table<CapturedMessage>
            caption={t('Captured messages, newest first')}
            rows={page.data}
            rowKey={(m) => m.id}
            columns={[
              {
                key: 'subject',
                header: t('Subject'),
                className: 'max-w-0 min-w-40 w-1/2',
                cell: (m) => (
                  <TextLink to={to('outbox', m.emailId)} className="block truncate">
                    {m.subject || t('(no subject)')}
                  </TextLink>
                ),
              },
              {
                key: 'to',
                header: t('To'),
                className: 'max-w-0 min-w-40 w-1/5',
                cell: (m) => <span className="block truncate">{m.to}</span>,
              },
              {
                key: 'from',
                header: t('From'),
                className: 'max-w-0 min-w-40 w-1/5',
                cell: (m) => <span className="block truncate text-slate-500">{m.from}</span>,
              },
              {
                key: 'at',
                header: t('Captured'),
                className: 'whitespace-nowrap',
                cell: (m) => (
                  <time dateTime={m.createdAt} title={formatDateTime(m.createdAt)}>
                    {formatRelative(m.createdAt)}
                  </time>
                ),
              },
            ]}
          />
        )}
      </ListStates>
    </>
  );
}
