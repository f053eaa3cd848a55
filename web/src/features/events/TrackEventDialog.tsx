/**
 * Tracks an event by hand (POST /events/track, the dashboard's alias of /v1/track): handy to try a
 * workflow trigger or a segment rule. The contact is created when the address is new. Mounted only
 * while open, so each opening starts from `defaultName` and an empty form.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextArea, TextInput } from '../../components/Field.tsx';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { useDraft } from '../../forms/use-draft.ts';
import { i18n } from '../../i18n/i18n.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { eventMutations } from '../../queries/events.ts';
import { useAction } from '../../queries/use-action.ts';

interface Draft {
  email: string;
  event: string;
  data: string;
}

/** The data box as the event's data, or why it is not an object (in this dialog's words). */
function parseData(text: string): { value: Record<string, unknown> } | { error: string } {
  if (!text.trim()) return { value: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      return { error: i18n.t('Data must be a JSON object, like {example}.', { example: '{"firstName": "Ada"}' }) };
    }
    return { value: value as Record<string, unknown> };
  } catch (e) {
    // The parser's own words say where the JSON goes wrong.
    return { error: i18n.t('Data is not valid JSON: {reason}', { reason: (e as Error).message }) };
  }
}

export function TrackEventDialog({
  onClose,
  names,
  defaultName = '',
}: {
  onClose: () => void;
  names: string[];
  defaultName?: string;
}) {
  const { t } = useTranslation();
  const listId = useId();
  const track = useAction(eventMutations.track(useProject()), {
    inline: true,
    onSuccess: (_r, body) => {
      toast(t('Tracked {event} for {email}', { event: body.event, email: body.email }));
      onClose();
    },
  });
  const d = useDraft<Draft, Parameters<typeof track.mutate>[0]>(
    { email: '', event: defaultName, data: '' },
    {
      save: track,
      toBody: ({ email, event, data }) => {
        const parsed = parseData(data);
        const value = 'value' in parsed ? parsed.value : {};
        return { email: email.trim(), event: event.trim(), ...(Object.keys(value).length ? { data: value } : {}) };
      },
      check: ({ data }) => {
        const parsed = parseData(data);
        return { data: 'error' in parsed ? parsed.error : undefined };
      },
      leaveMessage: t('This event is not tracked yet. Leave and lose it?'),
    },
  );

  return (
    <FormDialog open onClose={onClose} title={t('Track an event')} submitLabel={t('Track event')} draft={d}>
      <p className="text-sm text-slate-600">
        {t(
          'Records the event as if your app had sent it: workflows triggered by it start, and the contact is created if the address is new.',
        )}
      </p>
      <TextInput label={t('Contact email')} type="email" required {...d.text('email')} />
      <TextInput
        label={t('Event name')}
        required
        list={listId}
        placeholder="signed_up" // i18n-ignore: an event name, code.
        {...d.text('event')}
      />
      <datalist id={listId}>
        {names.map((n) => (
          <option key={n} value={n} />
        ))}
      </datalist>
      <TextArea
        label={t('Data (JSON, optional)')}
        rows={3}
        className="font-mono text-xs"
        placeholder={'{ "plan": "pro" }'} // i18n-ignore: a JSON example, code.
        hint={t("Stored on the event and merged into the contact's fields.")}
        {...d.text('data')}
      />
    </FormDialog>
  );
}
