/**
 * Topics: what contacts can subscribe to one by one (beyond.md §1). The list with each topic's
 * subscribers and flags; creating, editing and deleting one. A delete the API refuses (a scheduled
 * or sending campaign uses the topic: 409) says why in the confirmation.
 */
import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Tags, Trash2 } from 'lucide-react';
import { useState } from 'react';
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
  const scope = useProject();
  const topics = useQuery(topicQueries.list(scope));
  const [editing, setEditing] = useState<Topic | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Topic | null>(null);
  const addButton = (
    <Button onClick={() => setEditing('new')} icon={<Plus className="size-4" aria-hidden />}>
      New topic
    </Button>
  );

  return (
    <>
      <ListScreen
        title="Topics"
        description="Let contacts choose what they hear about. A campaign or workflow email sent to a topic reaches its subscribers only, and its unsubscribe link leaves that topic alone."
        actions={addButton}
        query={topics}
        loadingLabel="Loading topics"
        empty={
          <EmptyState
            icon={<Tags className="size-8" aria-hidden />}
            title="No topics yet"
            description="Add one for each kind of email you send (product news, offers, events), so people can keep some and drop others."
            action={addButton}
          />
        }
      >
        {(rows) => (
          <Table<Topic>
            caption="Topics"
            rows={rows}
            rowKey={(t) => t.id}
            columns={[
              {
                key: 'name',
                header: 'Topic',
                className: 'max-w-0 min-w-40 w-1/2',
                cell: (t) => (
                  <>
                    <span className="block truncate font-medium text-slate-900">{t.name}</span>
                    {t.description && <span className="block truncate text-xs text-slate-500">{t.description}</span>}
                  </>
                ),
              },
              {
                key: 'subscribers',
                header: 'Subscribers',
                className: 'whitespace-nowrap tabular-nums',
                cell: (t) => formatNumber(t.subscriberCount),
              },
              {
                key: 'flags',
                header: 'Settings',
                className: 'whitespace-nowrap',
                cell: (t) => (
                  <span className="flex flex-wrap gap-1">
                    {t.defaultSubscribed && <Badge tone="blue">Subscribed by default</Badge>}
                    {t.public ? <Badge tone="green">Public</Badge> : <Badge>Hidden</Badge>}
                  </span>
                ),
              },
              {
                key: 'actions',
                header: <span className="sr-only">Actions</span>,
                className: 'whitespace-nowrap text-right',
                cell: (t) => (
                  <span className="inline-flex gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Edit ${t.name}`}
                      icon={<Pencil className="size-3.5" aria-hidden />}
                      onClick={() => setEditing(t)}
                    >
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Delete ${t.name}`}
                      icon={<Trash2 className="size-3.5" aria-hidden />}
                      onClick={() => setDeleting(t)}
                    >
                      Delete
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
  const remove = useAction(topicMutations.remove(useProject(), topic.id), {
    inline: true,
    onSuccess: () => {
      toast(`Topic “${topic.name}” deleted.`);
      onClose();
    },
  });
  return (
    <ConfirmDialog open onClose={onClose} action={remove} title={`Delete “${topic.name}”?`} confirmLabel="Delete topic">
      <p>
        Its {formatNumber(topic.subscriberCount)}{' '}
        {topic.subscriberCount === 1 ? 'subscriber stays' : 'subscribers stay'} in the project; their choice for this
        topic is forgotten. A campaign that is scheduled or sending to it keeps the topic until it is done.
      </p>
    </ConfirmDialog>
  );
}
