/** One webhook endpoint: what it gets, whether it is on (and why not), its actions and its message log. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { can } from '../../api/session.ts';
import { Callout } from '../../components/Callout.tsx';
import { DetailScreen } from '../../components/DetailScreen.tsx';
import { Fact } from '../../components/Fact.tsx';
import { PageHeader } from '../../components/Layout.tsx';
import { PermissionNotice } from '../../components/PermissionNotice.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { type WebhookEndpoint, webhookQueries } from '../../queries/webhooks.ts';
import { EndpointActions } from './EndpointActions.tsx';
import { subscribesToAll } from './event-types.ts';
import { MessageLog } from './MessageLog.tsx';
import { EndpointState } from './shared.tsx';

export function EndpointPage() {
  const { t } = useTranslation();
  const { endpointId = '' } = useParams();
  const scope = useProject();
  const endpoint = useQuery(webhookQueries.one(scope, endpointId));
  return (
    <DetailScreen query={endpoint} back={{ to: scope.to('webhooks'), label: t('Webhooks') }} kind="endpoint">
      {(e) => <EndpointView endpoint={e} />}
    </DetailScreen>
  );
}

function EndpointView({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const { project } = useProject();
  const canManage = can(project, 'webhooks.manage');
  // The heading is a URL that must wrap, so PageHeader gets an element and the tab title is set here.
  usePageTitle(`${endpoint.url} · ${t('Webhooks')}`);

  return (
    <>
      <PageHeader
        title={<span className="break-all">{endpoint.url}</span>}
        description={endpoint.description ?? undefined}
        actions={canManage ? <EndpointActions endpoint={endpoint} /> : undefined}
      />
      <PermissionNotice permission="webhooks.manage">
        {t('You can see the endpoint and its messages. Your role does not let you change it.')}
      </PermissionNotice>
      {!endpoint.enabled && endpoint.disabledReason && (
        <Callout tone="danger" role="alert" title={t('Disabled by Mailwright')} className="mb-6">
          <p>{endpoint.disabledReason}</p>
          <p>{t('Fix the endpoint, then switch it on again: new messages go out to it from then on.')}</p>
        </Callout>
      )}
      <dl className="mb-6 grid grid-cols-2 gap-4 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm lg:grid-cols-4">
        <Fact label={t('Status')}>
          <EndpointState endpoint={endpoint} />
        </Fact>
        <Fact label={t('Created')}>{formatDateTime(endpoint.createdAt)}</Fact>
        <Fact label={t('Updated')}>{formatDateTime(endpoint.updatedAt)}</Fact>
        <Fact label={t('Events')} className="col-span-2 lg:col-span-4">
          {subscribesToAll(endpoint.events) ? (
            t('All events (*)')
          ) : (
            <ul className="flex flex-wrap gap-1.5">
              {endpoint.events.map((type) => (
                <li key={type}>
                  <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs">{type}</code>
                </li>
              ))}
            </ul>
          )}
        </Fact>
      </dl>
      <MessageLog endpointId={endpoint.id} canRetry={canManage} />
    </>
  );
}
