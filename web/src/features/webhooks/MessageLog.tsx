/**
 * An endpoint's messages, newest first: filtered by status and paged (both in the URL), each one
 * opening in a side sheet with its payload, attempts and a retry.
 */
import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChipFilter } from '../../components/ChipFilter.tsx';
import { cursorPages, ListStates } from '../../components/ListScreen.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { EmptyState } from '../../components/States.tsx';
import { statusesOf } from '../../components/StatusBadge.tsx';
import { Table } from '../../components/Table.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { useCursorPaging, useSearchParamState } from '../../lib/url-state.ts';
import { type WebhookMessage, webhookQueries } from '../../queries/webhooks.ts';
import { MessageSheet } from './MessageSheet.tsx';
import { HttpStatus, MESSAGE_STATUS, MessageStatusBadge, useMessageStatusLabel } from './shared.tsx';

const STATUSES = statusesOf(MESSAGE_STATUS);

const PAGE_SIZE = 25;

export function MessageLog({ endpointId, canRetry }: { endpointId: string; canRetry: boolean }) {
  const { t } = useTranslation();
  const statusLabel = useMessageStatusLabel();
  const scope = useProject();
  const [rawStatus, setStatus] = useSearchParamState('status');
  const status = STATUSES.find((s) => s === rawStatus);
  // The open message is no filter: keeping it out of the URL keeps the page's cursor when it opens.
  const [openId, setOpenId] = useState<string | null>(null);
  const paging = useCursorPaging();
  const list = useQuery(
    webhookQueries.messages(scope, endpointId, { status, cursor: paging.cursor, limit: PAGE_SIZE }),
  );

  return (
    <section aria-labelledby="messages-heading" className="space-y-3">
      <h2 id="messages-heading" className="text-base font-semibold text-slate-900">
        {t('Messages')}
      </h2>
      <ChipFilter values={STATUSES} value={status} onChange={setStatus} labelOf={statusLabel} />
      <ListStates
        query={list}
        loadingLabel={t('Loading messages')}
        loadingRows={5}
        empty={
          <EmptyState
            icon={<Inbox className="size-8" aria-hidden />}
            title={
              status
                ? t(
                    '{status, select, PENDING {No pending messages} DELIVERED {No delivered messages} FAILED {No failed messages} other {No messages}}',
                    { status },
                  )
                : t('No messages yet')
            }
            description={
              status
                ? t('Try another status.')
                : t('Messages show up here as events happen. Send a test to see one right away.')
            }
          />
        }
        paging={(page) => ({
          ...cursorPages(paging, page, 'message'),
          ...(paging.pageIndex === 0 && (page.total ?? 0) > 0
            ? { label: t('{count, plural, one {# message} other {# messages}}', { count: page.total }) }
            : {}),
        })}
      >
        {(page) => <MessageTable rows={page.data} onOpen={setOpenId} />}
      </ListStates>
      <MessageSheet endpointId={endpointId} messageId={openId} canRetry={canRetry} onClose={() => setOpenId(null)} />
    </section>
  );
}

function MessageTable({ rows, onOpen }: { rows: WebhookMessage[]; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <Table<WebhookMessage>
      caption={t('Messages, newest first')}
      rows={rows}
      rowKey={(m) => m.id}
      columns={[
        {
          key: 'type',
          header: t('Type'),
          cell: (m) => (
            <button
              type="button"
              onClick={() => onOpen(m.id)}
              className="font-mono text-xs font-medium text-brand-700 hover:underline"
            >
              {m.type}
            </button>
          ),
        },
        { key: 'status', header: t('Status'), cell: (m) => <MessageStatusBadge status={m.status} /> },
        { key: 'attempts', header: t('Attempts'), className: 'tabular-nums', cell: (m) => m.attempts },
        {
          key: 'response',
          header: t('Last response'),
          cell: (m) => (m.lastResponse ? <HttpStatus status={m.lastResponse.status} /> : '—'),
        },
        {
          key: 'created',
          header: t('Created'),
          className: 'whitespace-nowrap',
          cell: (m) => <RelativeTime iso={m.createdAt} />,
        },
        {
          key: 'last',
          header: t('Last attempt'),
          className: 'whitespace-nowrap',
          cell: (m) => <RelativeTime iso={m.lastAttemptAt} />,
        },
        {
          key: 'next',
          header: t('Next attempt'),
          className: 'whitespace-nowrap',
          cell: (m) => (m.status === 'PENDING' ? <RelativeTime iso={m.nextAttemptAt} /> : '—'),
        },
      ]}
    />
  );
}
