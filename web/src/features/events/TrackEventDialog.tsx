/**
 * Tracks an event by hand (POST /events/track, the dashboard's alias of /v1/track): handy to try a
 * workflow trigger or a segment rule. The contact is created when the address is new.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { fieldError } from '../../api/client.ts';
import { TextArea, TextInput } from '../../components/Field.tsx';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { parseSample } from '../../lib/sample-data.ts';
import { toast } from '../../lib/toasts.ts';
import { eventQueries } from '../../queries/events.ts';

const FIELDS = ['email', 'event', 'data'];

export function TrackEventDialog({
  open,
  onClose,
  names,
  defaultName = '',
}: {
  open: boolean;
  onClose: () => void;
  names: string[];
  defaultName?: string;
}) {
  const { api, projectId } = useProject();
  const listId = useId();
  const [email, setEmail] = useState('');
  const [event, setEvent] = useState(defaultName);
  const [dataText, setDataText] = useState('');
  const [dataError, setDataError] = useState<string>();
  const track = useMutation({
    mutationFn: (data: Record<string, unknown>) =>
      api.post('/events/track', {
        body: { email: email.trim(), event: event.trim(), ...(Object.keys(data).length ? { data } : {}) },
      }),
    meta: { invalidates: eventQueries.affected(projectId), errorShownInline: true },
    onSuccess: () => {
      toast(`Tracked ${event.trim()} for ${email.trim()}`);
      onClose();
    },
  });
  const { reset } = track;

  useEffect(() => {
    if (open) {
      reset();
      setEvent(defaultName);
      setDataError(undefined);
    }
  }, [open, reset, defaultName]);

  const submit = () => {
    const parsed = parseSample(dataText);
    if ('error' in parsed) {
      setDataError(parsed.error.replace('Sample data', 'Data'));
      return;
    }
    setDataError(undefined);
    track.mutate(parsed.value);
  };
  const error = track.error;
  const shownByField = FIELDS.some((f) => fieldError(error, f));

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Track an event"
      submitLabel="Track event"
      onSubmit={submit}
      busy={track.isPending}
      error={shownByField ? null : error}
    >
      <p className="text-sm text-slate-600">
        Records the event as if your app had sent it: workflows triggered by it start, and the contact is created if the
        address is new.
      </p>
      <TextInput
        label="Contact email"
        type="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fieldError(error, 'email')}
      />
      <TextInput
        label="Event name"
        required
        list={listId}
        value={event}
        onChange={(e) => setEvent(e.target.value)}
        error={fieldError(error, 'event')}
        placeholder="signed_up"
      />
      <datalist id={listId}>
        {names.map((n) => (
          <option key={n} value={n} />
        ))}
      </datalist>
      <TextArea
        label="Data (JSON, optional)"
        rows={3}
        className="font-mono text-xs"
        value={dataText}
        onChange={(e) => setDataText(e.target.value)}
        error={dataError ?? fieldError(error, 'data')}
        placeholder={'{ "plan": "pro" }'}
        hint="Stored on the event and merged into the contact's fields."
      />
    </FormDialog>
  );
}
