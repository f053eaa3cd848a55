/** One webhook endpoint: what it gets, whether it is on (and why not), its actions and its message log. */
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { can } from '../../api/session.ts';
import { useProject } from '../../app/project-context.tsx';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { Fact } from '../../components/Fact.tsx';
import { PageHeader } from '../../components/Layout.tsx';
import { BackLink } from '../../components/Links.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/States.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { type WebhookEndpoint, webhookQueries } from '../../queries/webhooks.ts';
import { EndpointActions } from './EndpointActions.tsx';
import { subscribesToAll } from './event-types.ts';
import { MessageLog } from './MessageLog.tsx';
import { EndpointState, RoleNotice } from './shared.tsx';

export function EndpointPage() {
  const { endpointId = '' } = useParams();
  const scope = useProject();
  const endpoint = useQuery(webhookQueries.one(scope, endpointId));
  const back = <BackLink to={scope.to('webhooks')}>Webhooks</BackLink>;

  if (endpoint.isPending) {
    return (
      <div role="status" aria-label="Loading the endpoint">
        {back}
        <Skeleton className="mb-2 h-7 w-96 max-w-full" />
        <Skeleton className="mb-6 h-5 w-56" />
        <Skeleton className="mb-6 h-24 w-full rounded-lg" />
        <Skeleton className="h-64 w-full rounded-lg" />
      </div>
    );
  }
  if (endpoint.isError) {
    const missing = endpoint.error instanceof ApiError && endpoint.error.status === 404;
    return (
      <>
        {back}
        <PageHeader title={missing ? 'Endpoint not found' : 'Endpoint'} />
        {missing ? (
          <EmptyState
            title="This endpoint does not exist"
            description="It may have been deleted, or the link belongs to another project."
          />
        ) : (
          <ErrorState error={endpoint.error} retry={() => endpoint.refetch()} />
        )}
      </>
    );
  }
  return <EndpointView endpoint={endpoint.data} back={back} />;
}

function EndpointView({ endpoint, back }: { endpoint: WebhookEndpoint; back: ReactNode }) {
  const { project } = useProject();
  const canManage = can(project, 'webhooks.manage');
  // The heading is a URL that must wrap, so PageHeader gets an element and the tab title is set here.
  usePageTitle(`${endpoint.url} · Webhooks`);

  return (
    <>
      {back}
      <PageHeader
        title={<span className="break-all">{endpoint.url}</span>}
        description={endpoint.description ?? undefined}
        actions={canManage ? <EndpointActions endpoint={endpoint} /> : undefined}
      />
      {!canManage && <RoleNotice />}
      {!endpoint.enabled && endpoint.disabledReason && (
        <div
          role="alert"
          className="mb-6 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <div>
            <p className="font-medium">Disabled by Mailwright</p>
            <p className="mt-0.5">{endpoint.disabledReason}</p>
            <p className="mt-0.5">Fix the endpoint, then switch it on again: new messages go out to it from then on.</p>
          </div>
        </div>
      )}
      <dl className="mb-6 grid grid-cols-2 gap-4 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm lg:grid-cols-4">
        <Fact label="Status">
          <EndpointState endpoint={endpoint} />
        </Fact>
        <Fact label="Created">{formatDateTime(endpoint.createdAt)}</Fact>
        <Fact label="Updated">{formatDateTime(endpoint.updatedAt)}</Fact>
        <Fact label="Events" className="col-span-2 lg:col-span-4">
          {subscribesToAll(endpoint.events) ? (
            'All events (*)'
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
