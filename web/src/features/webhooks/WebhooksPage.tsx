/** Webhook endpoints: the list, and adding one (its signing secret shown once). */
import { useQuery } from '@tanstack/react-query';
import { Plus, Webhook } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { can } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { TextLink } from '../../components/Links.tsx';
import { ListScreen } from '../../components/ListScreen.tsx';
import { PermissionNotice } from '../../components/PermissionNotice.tsx';
import { EmptyState } from '../../components/States.tsx';
import { Table } from '../../components/Table.tsx';
import { formatDate } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { type WebhookEndpoint, webhookQueries } from '../../queries/webhooks.ts';
import { EndpointDialog } from './EndpointDialog.tsx';
import { summarizeEvents } from './event-types.ts';
import { SecretDialog, type ShownSecret } from './SecretDialog.tsx';
import { EndpointState } from './shared.tsx';

export function WebhooksPage() {
  const { t } = useTranslation();
  const scope = useProject();
  const navigate = useNavigate();
  const endpoints = useQuery(webhookQueries.list(scope));
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<(ShownSecret & { id: string }) | null>(null);
  const canManage = can(scope.project, 'webhooks.manage');
  const addButton = canManage && (
    <Button onClick={() => setAdding(true)} icon={<Plus className="size-4" aria-hidden />}>
      {t('Add endpoint')}
    </Button>
  );

  return (
    <>
      <ListScreen
        title={t('Webhooks')}
        description={t(
          'Tell your own systems when something happens: each event is POSTed to your endpoints, signed (Standard Webhooks) and retried until it is taken.',
        )}
        actions={addButton}
        notice={
          <PermissionNotice permission="webhooks.manage">
            {t('You can see the endpoints and their messages. Your role does not let you add, change or delete them.')}
          </PermissionNotice>
        }
        query={endpoints}
        loadingLabel={t('Loading endpoints')}
        empty={
          <EmptyState
            icon={<Webhook className="size-8" aria-hidden />}
            title={t('No endpoints yet')}
            description={t(
              'Add the URL of your server that should hear about sends, bounces, opens, contact changes and more.',
            )}
            action={addButton}
          />
        }
      >
        {(rows) => (
          <Table<WebhookEndpoint>
            caption={t('Webhook endpoints')}
            rows={rows}
            rowKey={(e) => e.id}
            columns={[
              {
                key: 'url',
                header: t('Endpoint'),
                className: 'max-w-0 min-w-40 w-1/2',
                cell: (e) => (
                  <>
                    <TextLink to={scope.to('webhooks', e.id)} className="block truncate">
                      {e.url}
                    </TextLink>
                    {e.description && <span className="block truncate text-xs text-slate-500">{e.description}</span>}
                  </>
                ),
              },
              {
                key: 'events',
                header: t('Events'),
                className: 'max-w-0 min-w-40 w-1/4',
                cell: (e) => (
                  <span className="block truncate" title={e.events.join(', ')}>
                    {summarizeEvents(e.events)}
                  </span>
                ),
              },
              {
                key: 'state',
                header: t('Status'),
                cell: (e) => (
                  <span className="flex flex-col items-start gap-0.5">
                    <EndpointState endpoint={e} />
                    {!e.enabled && e.disabledReason && <span className="text-xs text-red-700">{e.disabledReason}</span>}
                  </span>
                ),
              },
              {
                key: 'added',
                header: t('Added'),
                className: 'whitespace-nowrap',
                cell: (e) => formatDate(e.createdAt),
              },
            ]}
          />
        )}
      </ListScreen>
      {adding && (
        <EndpointDialog
          onClose={() => setAdding(false)}
          onCreated={(created) => setSecret({ id: created.id, secret: created.secret, rotated: false })}
        />
      )}
      <SecretDialog
        shown={secret}
        onClose={() => {
          // Forget the secret once it was seen, then go to the new endpoint (to send it a test).
          const id = secret?.id;
          setSecret(null);
          if (id) navigate(scope.to('webhooks', id));
        }}
      />
    </>
  );
}
