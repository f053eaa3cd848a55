/**
 * Adding an endpoint or editing one: URL, description, the events it gets and whether it is on.
 * A create answers the signing secret, which the caller shows once (SecretDialog). Mounted only
 * while open, so each opening starts from the endpoint as it is then (or empty).
 */
import { useTranslation } from 'react-i18next';
import { Checkbox, TextInput } from '../../components/Field.tsx';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { useDraft } from '../../forms/use-draft.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { useAction } from '../../queries/use-action.ts';
import { type EndpointWithSecret, type WebhookEndpoint, webhookMutations } from '../../queries/webhooks.ts';
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

const toBody = (draft: Draft) => ({ ...draft, url: draft.url.trim(), description: draft.description.trim() || null });

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
  const { t } = useTranslation();
  const scope = useProject();
  const create = useAction(webhookMutations.create(scope), {
    inline: true,
    onSuccess: (created) => {
      onClose();
      onCreated?.(created);
    },
  });
  const update = useAction(webhookMutations.update(scope, endpoint?.id ?? ''), {
    inline: true,
    onSuccess: () => {
      onClose();
      toast(t('Endpoint saved.'));
    },
  });
  const d = useDraft(endpoint ? draftOf(endpoint) : blank, {
    save: endpoint ? update : create,
    toBody,
    leaveMessage: t('This endpoint is not saved yet. Leave and lose it?'),
  });

  return (
    <FormDialog
      open
      onClose={onClose}
      title={endpoint ? t('Edit endpoint') : t('Add an endpoint')}
      submitLabel={endpoint ? t('Save') : t('Add endpoint')}
      draft={d}
      wide
    >
      <TextInput
        label={t('Endpoint URL')}
        type="url"
        placeholder="https://example.com/webhooks/mailwright"
        autoFocus
        autoComplete="off"
        spellCheck={false}
        {...d.text('url')}
        hint={t("We POST each message here as JSON, signed with the endpoint's secret. Private addresses are refused.")}
      />
      <TextInput label={t('Description (optional)')} placeholder={t('e.g. CRM sync')} {...d.text('description')} />
      <EventPicker value={d.value.events} onChange={(events) => d.set({ events })} error={d.error('events')} />
      <Checkbox label={t('Enabled: deliver messages to this endpoint')} {...d.checkbox('enabled')} />
    </FormDialog>
  );
}
