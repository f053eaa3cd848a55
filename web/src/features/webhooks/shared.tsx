/** Pieces of the webhook screens: an endpoint's state, a message's status, an HTTP answer, the role notice. */
import { Info } from 'lucide-react';
import { Badge, type Tone } from '../../components/Layout.tsx';
import type { MessageStatus, WebhookEndpoint } from '../../queries/webhooks.ts';

export function EndpointState({ endpoint }: { endpoint: Pick<WebhookEndpoint, 'enabled' | 'disabledReason'> }) {
  if (endpoint.enabled) return <Badge tone="green">Enabled</Badge>;
  return <Badge tone={endpoint.disabledReason ? 'red' : 'gray'}>Disabled</Badge>;
}

const MESSAGE_TONES: Record<MessageStatus, Tone> = { PENDING: 'yellow', DELIVERED: 'green', FAILED: 'red' };
const MESSAGE_LABELS: Record<MessageStatus, string> = { PENDING: 'Pending', DELIVERED: 'Delivered', FAILED: 'Failed' };

export const messageStatusLabel = (status: MessageStatus) => MESSAGE_LABELS[status] ?? status;

export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  return <Badge tone={MESSAGE_TONES[status] ?? 'gray'}>{messageStatusLabel(status)}</Badge>;
}

/** An HTTP status as a badge: 2xx green, anything else red, none (refused, timed out) grey. */
export function HttpStatus({ status }: { status: number | null | undefined }) {
  if (status === null || status === undefined) return <Badge>No response</Badge>;
  return <Badge tone={status >= 200 && status < 300 ? 'green' : 'red'}>HTTP {status}</Badge>;
}

/** Shown to whoever lacks 'webhooks.manage': the screens stay readable, the actions are hidden. */
export function RoleNotice() {
  return (
    <div className="mb-4 flex items-start gap-2 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>You can see the endpoints and their messages. Changing them needs the Owner or Admin role.</p>
    </div>
  );
}
