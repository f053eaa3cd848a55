/**
 * Topics: what contacts can subscribe to one by one (beyond.md §1). The list with each topic's
 * subscribers and flags; creating, editing and deleting one. A delete the API refuses (a scheduled
 * or sending campaign uses the topic: 409) says why in the confirmation.
 */
import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Tags, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { Badge } from '../../components/Layout.tsx';
import { ListScreen } from '../../components/ListScreen.tsx';
import { EmptyState } from '../../components/States.tsx';
import { Table } from '../../components/Table.tsx';
import { formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Topic, topicMutations, topicQueries } from '../../queries/topics.ts';
import { useAction } from '../../queries/use-action.ts';
import { TopicDialog } from './TopicDialog.tsx';

export function TopicsPage() {
  const { t } = useTranslation();
  const scope = useProject();
  const topics = useQuery(topicQueries.list(scope));
  const [editing, setEditing] = useState<Topic | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Topic | null>(null);
  const addButton = (
    <Button onClick={() => setEditing('new')} icon={<Plus className="size-4" aria-hidden />}>
      {t('New topic')}
    </Button>
  );

  return (
    <>
      <ListScreen
        title={t('Topics')}
        description={t(
          'Let contacts choose what they hear about. A campaign or workflow email sent to a topic reaches its subscribers only, and its unsubscribe link leaves that topic alone.',
        )}
        actions={addButton}
        query={topics}
        loadingLabel={t('Loading topics')}
        empty={
          <EmptyState
            icon={<Tags className="size-8" aria-hidden />}
            title={t('No topics yet')}
            description={t(
              'Add one for each kind of email you send (product news, offers, events), so people can keep some and drop others.',
            )}
            action={addButton}
          />
        }
      >
        {(rows) => (
          <Table<Topic>
            caption={t('Topics')}
            rows={rows}
            rowKey={(t) => t.id}
            columns={[
              {
                key: 'name',
                header: t('Topic'),
                className: 'max-w-0 min-w-40 w-1/2',
                cell: (topic) => (
                  <>
                    <span className="block truncate font-medium text-slate-900">{topic.name}</span>
                    {topic.description && (
                      <span className="block truncate text-xs text-slate-500">{topic.description}</span>
                    )}
                  </>
                ),
              },
              {
                key: 'subscribers',
                header: t('Subscribers'),
                className: 'whitespace-nowrap tabular-nums',
                cell: (topic) => formatNumber(topic.subscriberCount),
              },
              {
                key: 'flags',
                header: t('Settings'),
                className: 'whitespace-nowrap',
                cell: (topic) => (
                  <span className="flex flex-wrap gap-1">
                    {topic.defaultSubscribed && <Badge tone="blue">{t('Subscribed by default')}</Badge>}
                    {topic.public ? <Badge tone="green">{t('Public')}</Badge> : <Badge>{t('Hidden')}</Badge>}
                  </span>
                ),
              },
              {
                key: 'actions',
                header: <span className="sr-only">{t('Actions')}</span>,
                className: 'whitespace-nowrap text-right',
                cell: (topic) => (
                  <span className="inline-flex gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={t('Edit {name}', { name: topic.name })}
                      icon={<Pencil className="size-3.5" aria-hidden />}
                      onClick={() => setEditing(topic)}
                    >
                      {t('Edit')}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={t('Delete {name}', { name: topic.name })}
                      icon={<Trash2 className="size-3.5" aria-hidden />}
                      onClick={() => setDeleting(topic)}
                    >
                      {t('Delete')}
                    </Button>
                  </span>
                ),
              },
            ]}
          />
        )}
      </ListScreen>
      {editing && <TopicDialog topic={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteTopicDialog topic={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}

/** Asks before deleting; the API's 409 (a campaign on its way uses the topic) shows in the dialog. */
function DeleteTopicDialog({ topic, onClose }: { topic: Topic; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useAction(topicMutations.remove(useProject(), topic.id), {
    inline: true,
    onSuccess: () => {
      toast(t('Topic “{name}” deleted.', { name: topic.name }));
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      action={remove}
      title={t('Delete “{name}”?', { name: topic.name })}
      confirmLabel={t('Delete topic')}
    >
      <p>
        {t(
          'Its {count, plural, one {# subscriber stays} other {# subscribers stay}} in the project; their choice for this topic is forgotten. A campaign that is scheduled or sending to it keeps the topic until it is done.',
          { count: topic.subscriberCount },
        )}
      </p>
    </ConfirmDialog>
  );
}
