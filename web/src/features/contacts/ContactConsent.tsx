/**
 * A contact's consent: whether it confirmed its address (double opt-in) with a way to send the
 * confirmation email again, and its topics, each a switch that answers at once. The topics shown
 * on are the contact's effective subscriptions (beyond.md §1): an unsubscribed contact has none,
 * so its switches wait until it is subscribed again.
 */
import { useQuery } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { ActionButton } from '../../components/ActionButton.tsx';
import { Badge, Card } from '../../components/Layout.tsx';
import { TextLink } from '../../components/Links.tsx';
import { ErrorState, Skeleton } from '../../components/States.tsx';
import { Switch } from '../../components/Switch.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Contact, contactMutations } from '../../queries/contacts.ts';
import { topicQueries } from '../../queries/topics.ts';
import { useAction } from '../../queries/use-action.ts';

export function ContactConsent({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  return (
    <Card title={t('Consent')}>
      <div className="space-y-5 text-sm">
        <Confirmation contact={contact} />
        <ContactTopics contact={contact} />
      </div>
    </Card>
  );
}

function Confirmation({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  // A 429 (three confirmation emails in 24 hours) shows as the API's message in a toast.
  const send = useAction(contactMutations.sendConfirmation(useProject(), contact.id), {
    onSuccess: () => toast(t('Confirmation email sent to {email}.', { email: contact.email })),
  });
  return (
    <section aria-labelledby={`confirmation-${contact.id}`}>
      <h3 id={`confirmation-${contact.id}`} className="mb-1 font-medium text-slate-700">
        {t('Address confirmation')}
      </h3>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span className="text-slate-600">
          {contact.confirmedAt ? (
            <>
              <Badge tone="green">{t('Confirmed')}</Badge>
              <span className="ml-2 text-xs text-slate-500">
                {t('on {date}', { date: formatDateTime(contact.confirmedAt) })}
              </span>
            </>
          ) : (
            <>
              <Badge>{t('Not confirmed')}</Badge>
              <span className="ml-2 text-xs text-slate-500">{t('It has not clicked a confirmation link.')}</span>
            </>
          )}
        </span>
        <ActionButton size="sm" action={send} icon={MailCheck}>
          {t('Send confirmation email')}
        </ActionButton>
      </div>
    </section>
  );
}

function ContactTopics({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const scope = useProject();
  const topics = useQuery(topicQueries.list(scope));
  const change = useAction(contactMutations.update(scope, contact.id), {
    onSuccess: (_updated, { topics: changed = {} }) => {
      const [topicId, on] = Object.entries(changed)[0] ?? [];
      const name = topics.data?.find((topic) => topic.id === topicId)?.name;
      if (name === undefined) toast(on ? t('Subscribed to the topic.') : t('Unsubscribed from the topic.'));
      else toast(on ? t('Subscribed to {name}.', { name }) : t('Unsubscribed from {name}.', { name }));
    },
  });

  return (
    <section aria-labelledby={`topics-${contact.id}`}>
      <h3 id={`topics-${contact.id}`} className="mb-1 font-medium text-slate-700">
        {t('Topics')}
      </h3>
      {topics.isPending && <Skeleton className="h-10 w-full" />}
      {topics.isError && <ErrorState error={topics.error} retry={() => topics.refetch()} />}
      {topics.isSuccess && topics.data.length === 0 && (
        <p className="text-slate-500">
          <Trans
            i18nKey="The project has no topics. <link>Add topics</link> to let contacts choose what they get."
            components={{ link: <TextLink to={scope.to('topics')} /> }}
          />
        </p>
      )}
      {topics.isSuccess && topics.data.length > 0 && (
        <>
          {!contact.subscribed && (
            <p className="mb-2 text-xs text-slate-500">
              {t(
                'Unsubscribed from all marketing email, so from every topic. Subscribe the contact again to choose topics.',
              )}
            </p>
          )}
          <ul className="divide-y divide-slate-100">
            {topics.data.map((topic) => (
              <li key={topic.id} className="flex items-center justify-between gap-3 py-2">
                <span className="min-w-0">
                  <span className="block truncate text-slate-900">{topic.name}</span>
                  {topic.description && (
                    <span className="block truncate text-xs text-slate-500">{topic.description}</span>
                  )}
                </span>
                <Switch
                  label={topic.name}
                  checked={contact.topics.includes(topic.id)}
                  disabled={!contact.subscribed}
                  onChange={(on) => change.mutate({ topics: { [topic.id]: on } })}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
