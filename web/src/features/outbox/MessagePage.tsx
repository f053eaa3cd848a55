import { useMutation, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { Card, PageHeader, Tabs } from '../../components/Layout.tsx';
import { BackLink } from '../../components/Links.tsx';
import { EmptyState, ErrorState, FormError, Skeleton } from '../../components/States.tsx';
import { saveBlob } from '../../lib/download.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { useSearchParamState } from '../../lib/url-state.ts';
import { type CapturedMessage, outboxQueries } from '../../queries/outbox.ts';
import { CaptureOnly } from './CaptureOnly.tsx';
import { emlFileName, sortedHeaders } from './message.ts';

type View = 'html' | 'text' | 'headers';

/** One captured message, found by its email id: rendered HTML (sandboxed), text part, headers, raw MIME. */
export function MessagePage() {
  return (
    <CaptureOnly>
      <Message />
    </CaptureOnly>
  );
}

function Message() {
  const { emailId = '' } = useParams();
  const scope = useProject();
  const message = useQuery(outboxQueries.message(scope, emailId));
  const back = <BackLink to={scope.to('outbox')}>Outbox</BackLink>;
  if (message.isPending) {
    return (
      <div role="status" aria-label="Loading the message">
        {back}
        <Skeleton className="mb-2 h-7 w-96" />
        <Skeleton className="mb-6 h-4 w-72" />
        <Skeleton className="h-[640px] w-full" />
      </div>
    );
  }
  if (message.isError) return <ErrorState error={message.error} retry={() => message.refetch()} />;
  if (!message.data) {
    return (
      <>
        {back}
        <PageHeader title="Message not found" />
        <EmptyState
          title="No captured message for this email"
          description="It may not have been sent yet, or the project's data was reset."
        />
      </>
    );
  }
  return (
    <>
      {back}
      <MessageView message={message.data} />
    </>
  );
}

const VIEWS: View[] = ['html', 'text', 'headers'];
const PART: Record<View, string> = { html: 'HTML', text: 'Plain text', headers: 'Headers' };

function MessageView({ message }: { message: CapturedMessage }) {
  const { api } = useProject();
  const [viewParam, setView] = useSearchParamState('view', 'html');
  const view = VIEWS.find((v) => v === viewParam) ?? 'html';
  // The raw MIME is a file, not JSON: the one place this screen needs api.raw.
  const download = useMutation({
    mutationFn: async () => {
      const res = await api.raw('GET', `/outbox/${encodeURIComponent(message.id)}/raw`);
      saveBlob(await res.blob(), emlFileName(message.subject, message.id));
    },
    meta: { errorShownInline: true },
  });
  const headers = sortedHeaders(message.headers);
  const tabs = VIEWS.map((id) => ({ id, label: id === 'headers' ? `Headers (${headers.length})` : PART[id] }));
  return (
    <>
      <PageHeader
        title={message.subject || '(no subject)'}
        description={`Captured ${formatDateTime(message.createdAt)}`}
        actions={
          <Button
            variant="secondary"
            onClick={() => download.mutate()}
            loading={download.isPending}
            icon={<Download className="size-4" aria-hidden />}
          >
            Download .eml
          </Button>
        }
      />
      <FormError error={download.error} />
      <dl className="mb-4 grid grid-cols-[5rem_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
        <dt className="text-slate-500">From</dt>
        <dd className="truncate">{message.headers.from ?? message.from}</dd>
        <dt className="text-slate-500">To</dt>
        <dd className="truncate">{message.headers.to ?? message.to}</dd>
        {message.headers['reply-to'] && (
          <>
            <dt className="text-slate-500">Reply-To</dt>
            <dd className="truncate">{message.headers['reply-to']}</dd>
          </>
        )}
      </dl>
      <Tabs<View> label="Message parts" value={view} onChange={setView} tabs={tabs} />
      <div role="tabpanel" aria-label={PART[view]}>
        {view === 'html' && (
          <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
            {/* sandbox="": no scripts, no forms, no navigation, an opaque origin: the mail cannot touch the dashboard. */}
            <iframe
              title="Message as rendered"
              sandbox=""
              srcDoc={message.html}
              referrerPolicy="no-referrer"
              className="block h-[640px] w-full bg-white"
            />
          </div>
        )}
        {view === 'text' && (
          <Card>
            <pre className="whitespace-pre-wrap break-words font-mono text-xs leading-relaxed text-slate-800">
              {message.text || '(This message has no plain-text part.)'}
            </pre>
          </Card>
        )}
        {view === 'headers' && (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <caption className="sr-only">Message headers</caption>
              <thead className="bg-slate-50">
                <tr>
                  <th
                    scope="col"
                    className="w-56 px-4 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-500"
                  >
                    Name
                  </th>
                  <th
                    scope="col"
                    className="px-4 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-500"
                  >
                    Value
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {headers.map(([name, value]) => (
                  <tr key={name}>
                    <th
                      scope="row"
                      className="px-4 py-2 text-left align-top font-mono text-xs font-medium text-slate-700"
                    >
                      {name}
                    </th>
                    <td className="max-w-0 px-4 py-2 font-mono text-xs break-all text-slate-700">{value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </>
  );
}
