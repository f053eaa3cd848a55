/**
 * Adding an endpoint or editing one: URL, description, the events it gets and whether it is on.
 * A create answers the signing secret, which the caller shows once (SecretDialog). Mounted only
 * while open, so each opening starts from the endpoint as it is then (or empty).
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldError } from '../../api/client.ts';
import { useProject } from '../../app/project-context.tsx';
import { Checkbox, TextInput } from '../../components/Field.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { toast } from '../../lib/toasts.ts';
import { type EndpointWithSecret, type WebhookEndpoint, webhookQueries } from '../../queries/webhooks.ts';
import { EventPicker } from './EventPicker.tsx';
import { ALL_EVENTS, type EndpointEvent } from './event-types.ts';

interface Draft {
  url: string;
  description: string;
  events: EndpointEvent[];
  enabled: boolean;
}

const blank: Draft = { url: '', description: '', events: [ALL_EVENTS], enabled: true };

const draftOf = (e: WebhookEndpoint): Draft => ({
  url: e.url,
  description: e.description ?? '',
  // The API answers the names it stored, which are the ones it takes.
  events: e.events as EndpointEvent[],
  enabled: e.enabled,
});

export function EndpointDialog({
  endpoint,
  onClose,
  onCreated,
}: {
  /** The endpoint to edit; none to add one. */
  endpoint?: WebhookEndpoint;
  onClose: () => void;
  onCreated?: (created: EndpointWithSecret) => void;
}) {
  const { api, projectId } = useProject();
  const [draft, setDraft] = useState<Draft>(() => (endpoint ? draftOf(endpoint) : blank));

  const save = useMutation({
    mutationFn: async () => {
      const body = { ...draft, url: draft.url.trim(), description: draft.description.trim() || null };
      if (endpoint) return api.patch('/webhook-endpoints/{id}', { path: { id: endpoint.id }, body });
      return api.post('/webhook-endpoints', { body });
    },
    meta: { invalidates: [webhookQueries.all(projectId)], errorShownInline: true },
    onSuccess: (saved) => {
      close();
      if (endpoint) toast('Endpoint saved.');
      else onCreated?.(saved as EndpointWithSecret);
    },
  });
  const close = () => {
    save.reset();
    onClose();
  };
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const fields = ['url', 'description', 'events'];
  const formError = save.error && !fields.some((f) => fieldError(save.error, f)) ? save.error : null;

  return (
    <FormDialog
      open
      onClose={close}
      title={endpoint ? 'Edit endpoint' : 'Add an endpoint'}
      submitLabel={endpoint ? 'Save' : 'Add endpoint'}
      onSubmit={() => save.mutate()}
      busy={save.isPending}
      error={formError}
      wide
    >
      <TextInput
        label="Endpoint URL"
        type="url"
        placeholder="https://example.com/webhooks/mailwright"
        autoFocus
        autoComplete="off"
        spellCheck={false}
        value={draft.url}
        onChange={(e) => set({ url: e.target.value })}
        error={fieldError(save.error, 'url')}
        hint="We POST each message here as JSON, signed with the endpoint's secret. Private addresses are refused."
      />
      <TextInput
        label="Description (optional)"
        placeholder="e.g. CRM sync"
        value={draft.description}
        onChange={(e) => set({ description: e.target.value })}
        error={fieldError(save.error, 'description')}
      />
      <EventPicker
        value={draft.events}
        onChange={(events) => set({ events })}
        error={fieldError(save.error, 'events')}
      />
      <Checkbox
        label="Enabled: deliver messages to this endpoint"
        checked={draft.enabled}
        onChange={(e) => set({ enabled: e.target.checked })}
      />
    </FormDialog>
  );
}
