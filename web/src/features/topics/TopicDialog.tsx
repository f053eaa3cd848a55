/**
 * Creating a topic or editing one: name, description, whether new contacts start subscribed to it
 * and whether the preference center offers it. Mounted only while open, so each opening starts from
 * the topic as it is then (or empty). The API's refusals show on their fields; TOO_MANY_TOPICS above.
 */
import { useTranslation } from 'react-i18next';
import { Checkbox, TextArea, TextInput } from '../../components/Field.tsx';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { useDraft } from '../../forms/use-draft.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Topic, topicMutations } from '../../queries/topics.ts';
import { useAction } from '../../queries/use-action.ts';

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
  const { t } = useTranslation();
  const scope = useProject();
  const save = useAction(topicMutations.save(scope, topic?.id), {
    inline: true,
    onSuccess: (saved) => {
      toast(
        topic ? t('Topic “{name}” saved.', { name: saved.name }) : t('Topic “{name}” created.', { name: saved.name }),
      );
      onClose();
    },
  });
  const d = useDraft(topic ? draftOf(topic) : blank, {
    save,
    toBody: (draft) => ({ ...draft, name: draft.name.trim(), description: draft.description.trim() || null }),
    leaveMessage: t('This topic is not saved yet. Leave and lose it?'),
  });

  return (
    <FormDialog
      open
      onClose={onClose}
      title={topic ? t('Edit topic') : t('New topic')}
      submitLabel={topic ? t('Save') : t('Create topic')}
      draft={d}
    >
      <TextInput
        label={t('Name')}
        autoFocus
        maxLength={100}
        placeholder={t('e.g. Product news')}
        {...d.text('name')}
        hint={t('Contacts see it on their preference page and the sign-up form.')}
      />
      <TextArea
        label={t('Description (optional)')}
        rows={2}
        maxLength={500}
        placeholder={t('e.g. What we shipped this month, at most once a month.')}
        {...d.text('description')}
      />
      <div className="space-y-2">
        <Checkbox
          label={t('Subscribed by default: contacts who made no choice get it')}
          {...d.checkbox('defaultSubscribed')}
        />
        <Checkbox
          label={t('Public: offered on the preference page, where contacts can change it')}
          {...d.checkbox('public')}
        />
      </div>
    </FormDialog>
  );
}
