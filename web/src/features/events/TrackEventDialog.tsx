/**
 * Tracks an event by hand (POST /events/track, the dashboard's alias of /v1/track): handy to try a
 * workflow trigger or a segment rule. The contact is created when the address is new. Mounted only
 * while open, so each opening starts from `defaultName` and an empty form.
 */
import { useId } from 'react';
import { TextArea, TextInput } from '../../components/Field.tsx';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { useDraft } from '../../forms/use-draft.ts';
import { useProject } from '../../lib/project-context.tsx';
import { parseSample } from '../../lib/sample-data.ts';
import { toast } from '../../lib/toasts.ts';
import { eventMutations } from '../../queries/events.ts';
import { useAction } from '../../queries/use-action.ts';

interface Draft {
  email: string;
  event: string;
  data: string;
}

/** The data box as the event's data, or why it is not an object (in this dialog's words). */
function parseData(text: string) {
  const parsed = parseSample(text);
  return 'error' in parsed ? { error: parsed.error.replace('Sample data', 'Data') } : parsed;
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
  const listId = useId();
  const track = useAction(eventMutations.track(useProject()), {
    inline: true,
    onSuccess: (_r, body) => {
      toast(`Tracked ${body.event} for ${body.email}`);
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
      leaveMessage: 'This event is not tracked yet. Leave and lose it?',
    },
  );

  return (
    <FormDialog open onClose={onClose} title="Track an event" submitLabel="Track event" draft={d}>
      <p className="text-sm text-slate-600">
        Records the event as if your app had sent it: workflows triggered by it start, and the contact is created if the
        address is new.
      </p>
      <TextInput label="Contact email" type="email" required {...d.text('email')} />
      <TextInput label="Event name" required list={listId} placeholder="signed_up" {...d.text('event')} />
      <datalist id={listId}>
        {names.map((n) => (
          <option key={n} value={n} />
        ))}
      </datalist>
      <TextArea
        label="Data (JSON, optional)"
        rows={3}
        className="font-mono text-xs"
        placeholder={'{ "plan": "pro" }'}
        hint="Stored on the event and merged into the contact's fields."
        {...d.text('data')}
      />
    </FormDialog>
  );
}
