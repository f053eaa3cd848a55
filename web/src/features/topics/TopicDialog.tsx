/**
 * Creating a topic or editing one: name, description, whether new contacts start subscribed to it
 * and whether the preference center offers it. Mounted only while open, so each opening starts from
 * the topic as it is then (or empty). The API's refusals show on their fields; TOO_MANY_TOPICS above.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldError } from '../../api/client.ts';
import { useProject } from '../../app/project-context.tsx';
import { Checkbox, TextArea, TextInput } from '../../components/Field.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Topic, topicQueries } from '../../queries/topics.ts';

interface Draft {
  name: string;
  description: string;
  defaultSubscribed: boolean;
  public: boolean;
}

const blank: Draft = { name: '', description: '', defaultSubscribed: false, public: true };

const draftOf = (t: Topic): Draft => ({
  name: t.name,
  description: t.description ?? '',
  defaultSubscribed: t.defaultSubscribed,
  public: t.public,
});

export function TopicDialog({ topic, onClose }: { topic?: Topic; onClose: () => void }) {
  const { api, projectId } = useProject();
  const [draft, setDraft] = useState<Draft>(() => (topic ? draftOf(topic) : blank));
  const save = useMutation({
    mutationFn: async () => {
      const body = { ...draft, name: draft.name.trim(), description: draft.description.trim() || null };
      if (topic) return api.patch('/topics/{id}', { path: { id: topic.id }, body });
      return api.post('/topics', { body });
    },
    meta: { invalidates: [topicQueries.all(projectId)], errorShownInline: true },
    onSuccess: (saved) => {
      toast(topic ? `Topic “${saved.name}” saved.` : `Topic “${saved.name}” created.`);
      close();
    },
  });
  const close = () => {
    save.reset();
    onClose();
  };
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const fields = ['name', 'description', 'defaultSubscribed', 'public'];
  const formError = save.error && !fields.some((f) => fieldError(save.error, f)) ? save.error : null;

  return (
    <FormDialog
      open
      onClose={close}
      title={topic ? 'Edit topic' : 'New topic'}
      submitLabel={topic ? 'Save' : 'Create topic'}
      onSubmit={() => save.mutate()}
      busy={save.isPending}
      error={formError}
    >
      <TextInput
        label="Name"
        autoFocus
        maxLength={100}
        placeholder="e.g. Product news"
        value={draft.name}
        onChange={(e) => set({ name: e.target.value })}
        error={fieldError(save.error, 'name')}
        hint="Contacts see it on their preference page and the sign-up form."
      />
      <TextArea
        label="Description (optional)"
        rows={2}
        maxLength={500}
        placeholder="e.g. What we shipped this month, at most once a month."
        value={draft.description}
        onChange={(e) => set({ description: e.target.value })}
        error={fieldError(save.error, 'description')}
      />
      <div className="space-y-2">
        <Checkbox
          label="Subscribed by default: contacts who made no choice get it"
          checked={draft.defaultSubscribed}
          onChange={(e) => set({ defaultSubscribed: e.target.checked })}
        />
        <Checkbox
          label="Public: offered on the preference page, where contacts can change it"
          checked={draft.public}
          onChange={(e) => set({ public: e.target.checked })}
        />
      </div>
    </FormDialog>
  );
}
