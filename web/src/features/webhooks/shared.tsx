/** Pieces of the webhook screens: an endpoint's state, a message's status, an HTTP answer. */
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/Layout.tsx';
import { type StatusLooks, statusLabel } from '../../components/StatusBadge.tsx';
import { msg } from '../../i18n/msg.ts';
import type { MessageStatus, WebhookEndpoint } from '../../queries/webhooks.ts';

export function EndpointState({ endpoint }: { endpoint: Pick<WebhookEndpoint, 'enabled' | 'disabledReason'> }) {
  const { t } = useTranslation();
  if (endpoint.enabled) return <Badge tone="green">{t('Enabled')}</Badge>;
  return <Badge tone={endpoint.disabledReason ? 'red' : 'gray'}>{t('Disabled')}</Badge>;
}

export const MESSAGE_STATUS: StatusLooks<MessageStatus> = { PENDING: 'yellow', DELIVERED: 'green', FAILED: 'red' };

/** Each status in words, as the badge and the filter show it (English messages, translated where shown). */
const MESSAGE_STATUS_LABEL: Record<MessageStatus, string> = {
  PENDING: msg('Pending'),
  DELIVERED: msg('Delivered'),
  FAILED: msg('Failed'),
};

/** A message status in the dashboard's language (a status the API adds later reads as its own word). */
export function useMessageStatusLabel(): (status: MessageStatus) => string {
  const { t } = useTranslation();
  return (status) => {
    const label = MESSAGE_STATUS_LABEL[status];
    return label ? t(label) : statusLabel(status);
  };
}

export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  const labelOf = useMessageStatusLabel();
  return <Badge tone={MESSAGE_STATUS[status] ?? 'gray'}>{labelOf(status)}</Badge>;
}

/** An HTTP status as a badge: 2xx green, anything else red, none (refused, timed out) grey. */
export function HttpStatus({ status }: { status: number | null | undefined }) {
  const { t } = useTranslation();
  if (status === null || status === undefined) return <Badge>{t('No response')}</Badge>;
  return <Badge tone={status >= 200 && status < 300 ? 'green' : 'red'}>{t('HTTP {status}', { status })}</Badge>;
}
