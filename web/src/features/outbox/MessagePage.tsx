import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { DetailScreen } from '../../components/DetailScreen.tsx';
import { Card, PageHeader, Tabs } from '../../components/Layout.tsx';
import { FormError } from '../../components/States.tsx';
import { msg } from '../../i18n/msg.ts';
import { saveBlob } from '../../lib/download.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { useSearchParamState } from '../../lib/url-state.ts';
import { type CapturedMessage, outboxMutations, outboxQueries } from '../../queries/outbox.ts';
import { useAction } from '../../queries/use-action.ts';
import { CaptureOnly } from './CaptureOnly.tsx';
import { emlFileName, sortedHeaders } from './message.ts';

type View = 'html' | 'text' | 'headers';

/**
 * One captured message, found by its email id: rendered HTML (sandboxed), text part, headers, raw
 * MIME. An email with no captured message (not sent yet, or the project's data reset) is not found.
 */
export function MessagePage() {
  return (
    <CaptureOnly>
      <Message />
    </CaptureOnly>
  );
}

function Message() {
  const { t } = useTranslation();
  const { emailId = '' } = useParams();
  const scope = useProject();
  const message = useQuery(outboxQueries.message(scope, emailId));
  return (
    <DetailScreen
      query={message}
      back={{ to: scope.to('outbox'), label: t('Outbox') }}
      kind="message"
      missing={{
        title: t('No captured message for this email'),
        description: t("It may not have been sent yet, or the project's data was reset."),
      }}
    >
      {(m) => <MessageView message={m} />}
    </DetailScreen>
  );
}

const VIEWS: View[] = ['html', 'text', 'headers'];
/** Each part's name, an English message translated where shown. */
const PART: Record<View, string> = { html: msg('HTML'), text: msg('Plain text'), headers: msg('Headers') };

function MessageView({ message }: { message: CapturedMessage }) {
  const { t } = useTranslation();
  const [viewParam, setView] = useSearchParamState('view', 'html');
  const view = VIEWS.find((v) => v === viewParam) ?? 'html';
  const download = useAction(outboxMutations.download(useProject(), message.id), {
    inline: true,
    onSuccess: (blob) => saveBlob(blob, emlFileName(message.subject, message.id)),
  });
  const headers = sortedHeaders(message.headers);
  const tabs = VIEWS.map((id) => ({
    id,
    label: id === 'headers' ? t('Headers ({count, number})', { count: headers.length }) : t(PART[id]),
  }));
  return (
    <>
      <PageHeader
        title={message.subject || t('(no subject)')}
        description={t('Captured {when}', { when: formatDateTime(message.createdAt) })}
        actions={
          <Button
            variant="secondary"
            onClick={() => download.mutate()}
            loading={download.isPending}
            icon={<Download className="size-4" aria-hidden />}
          >
            {t('Download .eml')}
          </Button>
        }
      />
      <FormError error={download.error} />
      <dl className="mb-4 grid grid-cols-[5rem_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
        <dt className="text-slate-500">{t('From')}</dt>
        <dd className="truncate">{message.headers.from ?? message.from}</dd>
        <dt className="text-slate-500">{t('To')}</dt>
        <dd className="truncate">{message.headers.to ?? message.to}</dd>
        {message.headers['reply-to'] && (
          <>
            <dt className="text-slate-500">{t('Reply-To')}</dt>
            <dd className="truncate">{message.headers['reply-to']}</dd>
          </>
        )}
      </dl>
      <Tabs<View> label={t('Message parts')} value={view} onChange={setView} tabs={tabs} />
      <div role="tabpanel" aria-label={t(PART[view])}>
        {view === 'html' && (
          <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
            {/* sandbox="": no scripts, no forms, no navigation, an opaque origin: the mail cannot touch the dashboard. */}
            <iframe
              title={t('Message as rendered')}
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
              {message.text || t('(This message has no plain-text part.)')}
            </pre>
          </Card>
        )}
        {view === 'headers' && (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <caption className="sr-only">{t('Message headers')}</caption>
              <thead className="bg-slate-50">
                <tr>
                  <th
                    scope="col"
                    className="w-56 px-4 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-500"
                  >
                    {t('Name')}
                  </th>
                  <th
                    scope="col"
                    className="px-4 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-500"
                  >
                    {t('Value')}
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
