/**
 * How an activity item reads: a sentence made of text and links (contact, campaign, workflow, event,
 * the email's subject) and an optional detail line, per activity type. Pure, so it is unit-tested.
 */
import type { ResponseBody } from '../../../../client/index.ts';
import type { paths } from '../../../../client/schema.d.ts';
import { i18n } from '../../i18n/i18n.ts';
import { msg } from '../../i18n/msg.ts';

export type ActivityPage = ResponseBody<NonNullable<paths['/activity']['get']>>;
export type ActivityItem = ActivityPage['data'][number];
export type ActivityType = ActivityItem['type'];

export type Tone = 'gray' | 'green' | 'blue' | 'brand' | 'yellow' | 'red';

/** Every type in the API's order, with its filter label (an English message) and colour. */
export const ACTIVITY_TYPES: Array<{ type: ActivityType; label: string; tone: Tone }> = [
  { type: 'event.triggered', label: msg('Events tracked'), tone: 'brand' },
  { type: 'email.sent', label: msg('Emails sent'), tone: 'gray' },
  { type: 'email.delivered', label: msg('Emails delivered'), tone: 'blue' },
  { type: 'email.opened', label: msg('Emails opened'), tone: 'green' },
  { type: 'email.clicked', label: msg('Links clicked'), tone: 'green' },
  { type: 'email.bounced', label: msg('Bounces'), tone: 'red' },
  { type: 'email.complaint', label: msg('Spam complaints'), tone: 'red' },
  { type: 'email.received', label: msg('Emails received'), tone: 'blue' },
  { type: 'email.suppressed', label: msg('Suppressed sends'), tone: 'yellow' },
  { type: 'contact.subscribed', label: msg('Subscribed'), tone: 'green' },
  { type: 'contact.unsubscribed', label: msg('Unsubscribed'), tone: 'yellow' },
  { type: 'campaign.sent', label: msg('Campaigns sent'), tone: 'brand' },
  { type: 'campaign.scheduled', label: msg('Campaigns scheduled'), tone: 'brand' },
  { type: 'workflow.started', label: msg('Workflows started'), tone: 'blue' },
  { type: 'workflow.completed', label: msg('Workflows finished'), tone: 'blue' },
];

/** A type's label in the dashboard's language; an unknown type as the API names it. */
export function typeLabel(type: string): string {
  const label = ACTIVITY_TYPES.find((t) => t.type === type)?.label;
  return label ? i18n.t(label) : type;
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

/**
 * Each sentence is one message whose links are arguments ("{contact} opened {subject}"), so a
 * language puts them where its word order wants them. The message is formatted with a marker for
 * each argument, then cut at the markers and the parts put back in.
 */
const MARK = '\u0001';
const SLOTS = {
  contact: `${MARK}contact${MARK}`,
  subject: `${MARK}subject${MARK}`,
  campaign: `${MARK}campaign${MARK}`,
  workflow: `${MARK}workflow${MARK}`,
  event: `${MARK}event${MARK}`,
  from: `${MARK}from${MARK}`,
  to: `${MARK}to${MARK}`,
};
type Slot = keyof typeof SLOTS;

/** A formatted message (made with `SLOTS`) as parts, each marker replaced by its part. */
function fill(text: string, parts: Partial<Record<Slot, Part>>): Part[] {
  return text.split(MARK).flatMap((piece, i): Part[] => {
    if (i % 2 === 0) return piece ? [piece] : [];
    const part = parts[piece as Slot];
    return part === undefined ? [] : [part];
  });
}

export function describe(item: ActivityItem, formatWhen: (iso: string) => string = (s) => s): Description {
  const t = i18n.t.bind(i18n);
  const contact: Part = item.contact
    ? { kind: 'contact', id: item.contact.id, text: item.contact.email }
    : t('A deleted contact');
  const subject: Part = item.email ? { kind: 'subject', text: item.email.subject || t('(no subject)') } : t('an email');
  const campaign: Part | undefined = item.campaign
    ? { kind: 'campaign', id: item.campaign.id, text: item.campaign.name }
    : undefined;
  const workflow: Part = item.workflow
    ? { kind: 'workflow', id: item.workflow.id, text: item.workflow.name }
    : t('a deleted workflow');
  const parts = { contact, subject, campaign, workflow };
  const d = item.data;

  switch (item.type) {
    case 'event.triggered': {
      const name = item.event?.name ?? t('an event');
      return {
        parts: fill(t('{contact} triggered {event}', SLOTS), { contact, event: { kind: 'event', name, text: name } }),
        detail: dataSummary(d),
      };
    }
    case 'email.sent':
      return {
        parts: fill(
          campaign ? t('Sent {subject} to {contact} from {campaign}', SLOTS) : t('Sent {subject} to {contact}', SLOTS),
          parts,
        ),
      };
    case 'email.delivered':
      return {
        parts: fill(
          campaign
            ? t('Delivered {subject} to {contact} from {campaign}', SLOTS)
            : t('Delivered {subject} to {contact}', SLOTS),
          parts,
        ),
      };
    case 'email.opened':
      return {
        parts: fill(
          campaign ? t('{contact} opened {subject} from {campaign}', SLOTS) : t('{contact} opened {subject}', SLOTS),
          parts,
        ),
      };
    case 'email.clicked':
      return {
        parts: fill(
          campaign
            ? t('{contact} clicked a link in {subject} from {campaign}', SLOTS)
            : t('{contact} clicked a link in {subject}', SLOTS),
          parts,
        ),
        detail: str(d.url),
      };
    case 'email.bounced': {
      const kind = d.bounceType === 'soft' || d.bounceType === 'hard' ? d.bounceType : 'other';
      const reason = str(d.detail);
      return {
        parts: fill(
          campaign
            ? t('{subject} bounced for {contact} from {campaign}', SLOTS)
            : t('{subject} bounced for {contact}', SLOTS),
          parts,
        ),
        detail: reason
          ? t('{kind, select, soft {Soft bounce: {reason}} hard {Hard bounce: {reason}} other {Bounce: {reason}}}', {
              kind,
              reason,
            })
          : t('{kind, select, soft {Soft bounce} hard {Hard bounce} other {Bounce}}', { kind }),
      };
    }
    case 'email.complaint':
      return {
        parts: fill(
          campaign
            ? t('{contact} marked {subject} as spam from {campaign}', SLOTS)
            : t('{contact} marked {subject} as spam', SLOTS),
          parts,
        ),
      };
    case 'email.received': {
      const from = item.contact ? contact : (str(d.from) ?? t('Someone'));
      const received = str(d.subject);
      return {
        parts: fill(t('{from} wrote to {to}', SLOTS), { from, to: str(d.to) ?? t('your project') }),
        detail: received ? t('Subject: {subject}', { subject: received }) : undefined,
      };
    }
    case 'email.suppressed':
      return {
        parts: fill(
          campaign
            ? t('Did not send {subject} to {contact} from {campaign}', SLOTS)
            : t('Did not send {subject} to {contact}', SLOTS),
          parts,
        ),
        detail: t('The address or its domain is on the suppression list.'),
      };
    case 'contact.subscribed':
      return { parts: fill(t('{contact} subscribed', SLOTS), parts) };
    case 'contact.unsubscribed':
      return { parts: fill(t('{contact} unsubscribed', SLOTS), parts), detail: dataSummary(d) };
    case 'campaign.sent': {
      const n = num(d.totalRecipients);
      const named = { campaign: campaign ?? t('a deleted campaign') };
      return {
        parts: fill(
          n !== undefined
            ? t('Campaign {campaign} was sent to {count, plural, one {# recipient} other {# recipients}}', {
                ...SLOTS,
                count: n,
              })
            : t('Campaign {campaign} was sent', SLOTS),
          named,
        ),
      };
    }
    case 'campaign.scheduled': {
      const at = str(d.scheduledAt);
      const n = num(d.totalRecipients);
      const named = { campaign: campaign ?? t('a deleted campaign') };
      return {
        parts: fill(
          at
            ? t('Campaign {campaign} was scheduled for {when}', { ...SLOTS, when: formatWhen(at) })
            : t('Campaign {campaign} was scheduled', SLOTS),
          named,
        ),
        detail:
          n !== undefined ? t('{count, plural, one {# recipient} other {# recipients}}', { count: n }) : undefined,
      };
    }
    case 'workflow.started':
      return { parts: fill(t('{contact} entered {workflow}', SLOTS), parts) };
    case 'workflow.completed': {
      const exited = d.status === 'EXITED';
      const reason = str(d.exitReason);
      return {
        parts: fill(exited ? t('{contact} left {workflow}', SLOTS) : t('{contact} completed {workflow}', SLOTS), parts),
        detail: exited && reason ? t('Exit: {reason}', { reason }) : undefined,
      };
    }
    default:
      return { parts: [typeLabel(item.type)], detail: dataSummary(d) };
  }
}

/** The instant just after `iso` (1 ms later): the lower bound for "newer than this item". */
export function justAfter(iso: string): string {
  return new Date(new Date(iso).getTime() + 1).toISOString();
}
