/**
 * Tracks an event by hand (POST /events/track, the dashboard's alias of /v1/track): handy to try a
 * workflow trigger or a segment rule. The contact is created when the address is new.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { fieldError } from '../../api/client.ts';
import { useProject } from '../../app/project-context.tsx';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { TextArea, TextInput } from '../../components/Field.tsx';
import { FormError } from '../../components/States.tsx';
import { useToast } from '../../components/Toast.tsx';
import { parseSample } from '../templates/preview.ts';
import { eventsKey } from './queries.ts';

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
  const queryClient = useQueryClient();
  const toast = useToast();
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
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: eventsKey(projectId) });
      void queryClient.invalidateQueries({ queryKey: ['project', projectId, 'activity'] });
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

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseSample(dataText);
    if ('error' in parsed) {
      setDataError(parsed.error.replace('Sample data', 'Data'));
      return;
    }
    setDataError(undefined);
    track.mutate(parsed.value);
  };
  const error = track.error;
  const handled = ['email', 'event', 'data'].some((f) => fieldError(error, f));

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Track an event"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="track-event-form" loading={track.isPending}>
            Track event
          </Button>
        </>
      }
    >
      <form id="track-event-form" onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-slate-600">
          Records the event as if your app had sent it: workflows triggered by it start, and the contact is created if
          the address is new.
        </p>
        {error && !handled && <FormError error={error} />}
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
      </form>
    </Dialog>
  );
}
