/**
 * How an activity item reads: a sentence made of text and links (contact, campaign, workflow, event,
 * the email's subject) and an optional detail line, per activity type. Pure, so it is unit-tested.
 */
import type { ResponseBody } from '../../../../client/index.ts';
import type { paths } from '../../../../client/schema.d.ts';

export type ActivityPage = ResponseBody<NonNullable<paths['/activity']['get']>>;
export type ActivityItem = ActivityPage['data'][number];
export type ActivityType = ActivityItem['type'];

export type Tone = 'gray' | 'green' | 'blue' | 'brand' | 'yellow' | 'red';

/** Every type in the API's order, with its filter label and colour. */
export const ACTIVITY_TYPES: Array<{ type: ActivityType; label: string; tone: Tone }> = [
  { type: 'event.triggered', label: 'Events tracked', tone: 'brand' },
  { type: 'email.sent', label: 'Emails sent', tone: 'gray' },
  { type: 'email.delivered', label: 'Emails delivered', tone: 'blue' },
  { type: 'email.opened', label: 'Emails opened', tone: 'green' },
  { type: 'email.clicked', label: 'Links clicked', tone: 'green' },
  { type: 'email.bounced', label: 'Bounces', tone: 'red' },
  { type: 'email.complaint', label: 'Spam complaints', tone: 'red' },
  { type: 'email.received', label: 'Emails received', tone: 'blue' },
  { type: 'email.suppressed', label: 'Suppressed sends', tone: 'yellow' },
  { type: 'contact.subscribed', label: 'Subscribed', tone: 'green' },
  { type: 'contact.unsubscribed', label: 'Unsubscribed', tone: 'yellow' },
  { type: 'campaign.sent', label: 'Campaigns sent', tone: 'brand' },
  { type: 'campaign.scheduled', label: 'Campaigns scheduled', tone: 'brand' },
  { type: 'workflow.started', label: 'Workflows started', tone: 'blue' },
  { type: 'workflow.completed', label: 'Workflows finished', tone: 'blue' },
];

export function typeLabel(type: string): string {
  return ACTIVITY_TYPES.find((t) => t.type === type)?.label ?? type;
}

export function typeTone(type: string): Tone {
  return ACTIVITY_TYPES.find((t) => t.type === type)?.tone ?? 'gray';
}

/** One piece of a sentence: plain text or a link to a dashboard screen. */
export type Part =
  | string
  | { kind: 'contact'; id: string; text: string }
  | { kind: 'campaign'; id: string; text: string }
  | { kind: 'workflow'; id: string; text: string }
  | { kind: 'event'; name: string; text: string }
  | { kind: 'subject'; text: string };

export interface Description {
  parts: Part[];
  /** A second, quieter line: a clicked URL, a bounce reason, event data. */
  detail?: string;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function dataSummary(data: Record<string, unknown>, max = 140): string | undefined {
  const entries = Object.entries(data);
  if (entries.length === 0) return undefined;
  const text = entries.map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(', ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function describe(item: ActivityItem, formatWhen: (iso: string) => string = (s) => s): Description {
  const contact: Part = item.contact
    ? { kind: 'contact', id: item.contact.id, text: item.contact.email }
    : 'A deleted contact';
  const subject: Part = item.email ? { kind: 'subject', text: item.email.subject || '(no subject)' } : 'an email';
  const campaign: Part | undefined = item.campaign
    ? { kind: 'campaign', id: item.campaign.id, text: item.campaign.name }
    : undefined;
  const workflow: Part = item.workflow
    ? { kind: 'workflow', id: item.workflow.id, text: item.workflow.name }
    : 'a deleted workflow';
  const fromCampaign: Part[] = campaign ? [' from ', campaign] : [];
  const d = item.data;

  switch (item.type) {
    case 'event.triggered': {
      const name = item.event?.name ?? 'an event';
      return {
        parts: [contact, ' triggered ', { kind: 'event', name, text: name }],
        detail: dataSummary(d),
      };
    }
    case 'email.sent':
      return { parts: ['Sent ', subject, ' to ', contact, ...fromCampaign] };
    case 'email.delivered':
      return { parts: ['Delivered ', subject, ' to ', contact, ...fromCampaign] };
    case 'email.opened':
      return { parts: [contact, ' opened ', subject, ...fromCampaign] };
    case 'email.clicked':
      return { parts: [contact, ' clicked a link in ', subject, ...fromCampaign], detail: str(d.url) };
    case 'email.bounced': {
      const kind = d.bounceType === 'soft' ? 'Soft bounce' : d.bounceType === 'hard' ? 'Hard bounce' : 'Bounce';
      const reason = str(d.detail);
      return {
        parts: [subject, ' bounced for ', contact, ...fromCampaign],
        detail: reason ? `${kind}: ${reason}` : kind,
      };
    }
    case 'email.complaint':
      return { parts: [contact, ' marked ', subject, ' as spam', ...fromCampaign] };
    case 'email.received': {
      const from = item.contact ? contact : (str(d.from) ?? 'Someone');
      const received = str(d.subject);
      return {
        parts: [from, ' wrote to ', str(d.to) ?? 'your project'],
        detail: received ? `Subject: ${received}` : undefined,
      };
    }
    case 'email.suppressed':
      return {
        parts: ['Did not send ', subject, ' to ', contact, ...fromCampaign],
        detail: 'The address or its domain is on the suppression list.',
      };
    case 'contact.subscribed':
      return { parts: [contact, ' subscribed'] };
    case 'contact.unsubscribed':
      return { parts: [contact, ' unsubscribed'], detail: dataSummary(d) };
    case 'campaign.sent': {
      const n = num(d.totalRecipients);
      return {
        parts: [
          'Campaign ',
          campaign ?? 'a deleted campaign',
          ' was sent',
          ...(n !== undefined ? [` to ${plural(n)}`] : []),
        ],
      };
    }
    case 'campaign.scheduled': {
      const at = str(d.scheduledAt);
      return {
        parts: [
          'Campaign ',
          campaign ?? 'a deleted campaign',
          ' was scheduled',
          ...(at ? [` for ${formatWhen(at)}`] : []),
        ],
        detail: num(d.totalRecipients) !== undefined ? `${plural(num(d.totalRecipients)!)}` : undefined,
      };
    }
    case 'workflow.started':
      return { parts: [contact, ' entered ', workflow] };
    case 'workflow.completed': {
      const exited = d.status === 'EXITED';
      const reason = str(d.exitReason);
      return {
        parts: [contact, exited ? ' left ' : ' completed ', workflow],
        detail: exited && reason ? `Exit: ${reason}` : undefined,
      };
    }
    default:
      return { parts: [typeLabel(item.type)], detail: dataSummary(d) };
  }
}

function plural(n: number): string {
  return `${new Intl.NumberFormat('en').format(n)} ${n === 1 ? 'recipient' : 'recipients'}`;
}

/** The instant just after `iso` (1 ms later): the lower bound for "newer than this item". */
export function justAfter(iso: string): string {
  return new Date(new Date(iso).getTime() + 1).toISOString();
}
