import { useQuery } from '@tanstack/react-query';
import { Inbox, Search, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Operation, ResponseBody } from '../../../../client/index.ts';
import { projectKey, useProject } from '../../app/project-context.tsx';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/Field.tsx';
import { PageHeader } from '../../components/Layout.tsx';
import { EmptyState, ErrorState, LoadingRows } from '../../components/States.tsx';
import { Pager, Table } from '../../components/Table.tsx';
import { formatDateTime, formatNumber, formatRelative } from '../../lib/format.ts';
import { CaptureOnly } from './CaptureOnly.tsx';

export type CapturedMessage = ResponseBody<Operation<'/outbox', 'get'>>['data'][number];

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
  const { api, projectId, to } = useProject();
  const [params, setParams] = useSearchParams();
  const recipient = params.get('to') ?? '';
  const [typed, setTyped] = useState(recipient);
  // Cursors of the pages before the current one; the current cursor is the last pushed.
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const page = (at: string | undefined) => ({
    queryKey: projectKey(projectId, 'outbox', { to: recipient, cursor: at }),
    queryFn: () => api.get('/outbox', { query: { to: recipient || undefined, cursor: at, limit: PAGE_SIZE } }),
  });
  const list = useQuery({ ...page(cursor), placeholderData: (previous) => previous });
  // `total` comes with the first page only; that page stays cached while later ones are shown.
  const total = useQuery(page(undefined)).data?.total;

  const search = (e: FormEvent) => {
    e.preventDefault();
    setCursors([]);
    setParams(typed.trim() ? { to: typed.trim() } : {}, { replace: true });
  };
  const clear = () => {
    setTyped('');
    setCursors([]);
    setParams({}, { replace: true });
  };

  return (
    <>
      <PageHeader
        title="Outbox"
        description="This server captures mail instead of sending it: every message ends up here, exactly as it would have been sent."
      />
      <form onSubmit={search} aria-label="Search the outbox" className="mb-4 flex items-end gap-2">
        <div className="w-full max-w-sm">
          <TextInput
            label="Recipient"
            type="email"
            placeholder="Exact address, e.g. ann@example.com"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary" icon={<Search className="size-4" aria-hidden />}>
          Search
        </Button>
        {recipient && (
          <Button variant="ghost" onClick={clear} icon={<X className="size-4" aria-hidden />}>
            Clear
          </Button>
        )}
      </form>
      {list.isPending && <LoadingRows rows={6} label="Loading messages" />}
      {list.isError && <ErrorState error={list.error} retry={() => list.refetch()} />}
      {list.isSuccess && list.data.data.length === 0 && (
        <EmptyState
          icon={<Inbox className="size-8" aria-hidden />}
          title={recipient ? `No messages to ${recipient}` : 'No messages yet'}
          description={
            recipient
              ? 'Search for the exact address the mail went to.'
              : 'Send a test from the Overview, or call POST /v1/send: the message shows up here.'
          }
          action={
            !recipient && (
              <Link to={to()} className="text-sm font-medium text-brand-700 hover:underline">
                Go to the Overview
              </Link>
            )
          }
        />
      )}
      {list.isSuccess && list.data.data.length > 0 && (
        <div className={list.isPlaceholderData ? 'opacity-60' : undefined}>
          <Table<CapturedMessage>
            caption="Captured messages, newest first"
            rows={list.data.data}
            rowKey={(m) => m.id}
            columns={[
              {
                key: 'subject',
                header: 'Subject',
                className: 'max-w-0 w-1/2',
                cell: (m) => (
                  <Link
                    to={to('outbox', m.emailId)}
                    className="block truncate font-medium text-brand-700 hover:underline"
                  >
                    {m.subject || '(no subject)'}
                  </Link>
                ),
              },
              {
                key: 'to',
                header: 'To',
                className: 'max-w-0 w-1/5',
                cell: (m) => <span className="block truncate">{m.to}</span>,
              },
              {
                key: 'from',
                header: 'From',
                className: 'max-w-0 w-1/5',
                cell: (m) => <span className="block truncate text-slate-500">{m.from}</span>,
              },
              {
                key: 'at',
                header: 'Captured',
                className: 'whitespace-nowrap',
                cell: (m) => (
                  <time dateTime={m.createdAt} title={formatDateTime(m.createdAt)}>
                    {formatRelative(m.createdAt)}
                  </time>
                ),
              },
            ]}
          />
          <Pager
            label={total !== undefined ? `${formatNumber(total)} message${total === 1 ? '' : 's'}` : undefined}
            onPrev={cursors.length > 0 ? () => setCursors((c) => c.slice(0, -1)) : undefined}
            onNext={list.data.hasMore ? () => setCursors((c) => [...c, list.data.cursor]) : undefined}
          />
        </div>
      )}
    </>
  );
}
