/**
 * An endpoint's messages, newest first: filtered by status and paged (both in the URL), each one
 * opening in a side sheet with its payload, attempts and a retry.
 */
import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { ChipFilter } from '../../components/ChipFilter.tsx';
import { cursorPages, ListStates } from '../../components/ListScreen.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { EmptyState } from '../../components/States.tsx';
import { StatusBadge, statusesOf, statusLabel } from '../../components/StatusBadge.tsx';
import { Table } from '../../components/Table.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { useCursorPaging, useSearchParamState } from '../../lib/url-state.ts';
import { type WebhookMessage, webhookQueries } from '../../queries/webhooks.ts';
import { MessageSheet } from './MessageSheet.tsx';
import { HttpStatus, MESSAGE_STATUS } from './shared.tsx';

const STATUSES = statusesOf(MESSAGE_STATUS);

const PAGE_SIZE = 25;

export function MessageLog({ endpointId, canRetry }: { endpointId: string; canRetry: boolean }) {
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
        Messages
      </h2>
      <ChipFilter values={STATUSES} value={status} onChange={setStatus} labelOf={statusLabel} />
      <ListStates
        query={list}
        loadingLabel="Loading messages"
        loadingRows={5}
        empty={
          <EmptyState
            icon={<Inbox className="size-8" aria-hidden />}
            title={status ? `No ${statusLabel(status).toLowerCase()} messages` : 'No messages yet'}
            description={
              status
                ? 'Try another status.'
                : 'Messages show up here as events happen. Send a test to see one right away.'
            }
          />
        }
        paging={(page) => cursorPages(paging, page, 'message')}
      >
        {(page) => <MessageTable rows={page.data} onOpen={setOpenId} />}
      </ListStates>
      <MessageSheet endpointId={endpointId} messageId={openId} canRetry={canRetry} onClose={() => setOpenId(null)} />
    </section>
  );
}

function MessageTable({ rows, onOpen }: { rows: WebhookMessage[]; onOpen: (id: string) => void }) {
  return (
    <Table<WebhookMessage>
      caption="Messages, newest first"
      rows={rows}
      rowKey={(m) => m.id}
      columns={[
        {
          key: 'type',
          header: 'Type',
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
        { key: 'status', header: 'Status', cell: (m) => <StatusBadge looks={MESSAGE_STATUS} status={m.status} /> },
        { key: 'attempts', header: 'Attempts', className: 'tabular-nums', cell: (m) => m.attempts },
        {
          key: 'response',
          header: 'Last response',
          cell: (m) => (m.lastResponse ? <HttpStatus status={m.lastResponse.status} /> : '—'),
        },
        {
          key: 'created',
          header: 'Created',
          className: 'whitespace-nowrap',
          cell: (m) => <RelativeTime iso={m.createdAt} />,
        },
        {
          key: 'last',
          header: 'Last attempt',
          className: 'whitespace-nowrap',
          cell: (m) => <RelativeTime iso={m.lastAttemptAt} />,
        },
        {
          key: 'next',
          header: 'Next attempt',
          className: 'whitespace-nowrap',
          cell: (m) => (m.status === 'PENDING' ? <RelativeTime iso={m.nextAttemptAt} /> : '—'),
        },
      ]}
    />
  );
}
