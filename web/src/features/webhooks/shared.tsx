/** Pieces of the webhook screens: an endpoint's state, a message's status, an HTTP answer. */
import { Badge } from '../../components/Layout.tsx';
import type { StatusLooks } from '../../components/StatusBadge.tsx';
import type { MessageStatus, WebhookEndpoint } from '../../queries/webhooks.ts';

export function EndpointState({ endpoint }: { endpoint: Pick<WebhookEndpoint, 'enabled' | 'disabledReason'> }) {
  if (endpoint.enabled) return <Badge tone="green">Enabled</Badge>;
  return <Badge tone={endpoint.disabledReason ? 'red' : 'gray'}>Disabled</Badge>;
}

export const MESSAGE_STATUS: StatusLooks<MessageStatus> = { PENDING: 'yellow', DELIVERED: 'green', FAILED: 'red' };

/** An HTTP status as a badge: 2xx green, anything else red, none (refused, timed out) grey. */
export function HttpStatus({ status }: { status: number | null | undefined }) {
  if (status === null || status === undefined) return <Badge>No response</Badge>;
  return <Badge tone={status >= 200 && status < 300 ? 'green' : 'red'}>HTTP {status}</Badge>;
}
