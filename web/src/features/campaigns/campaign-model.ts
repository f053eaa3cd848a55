/**
 * What the campaign screens say about a campaign: status labels and tones, what can be done in
 * each status, when to read it again, the scheduling input (a local date-time field), what the form
 * lacks before a save, and the form's body for the API. Labels are English messages the screens
 * translate; messages made here are translated when made. Pure, unit-tested.
 */

import type { StatusLooks } from '../../components/StatusBadge.tsx';
import type { BlockDocument } from '../../editor/document.ts';
import type { ContentFormat } from '../../editor/formats.ts';
import { i18n } from '../../i18n/i18n.ts';
import { msg } from '../../i18n/msg.ts';
import type { EmailType } from '../../lib/email-render.ts';
import type { AudienceFilter, Campaign } from '../../queries/campaigns.ts';
import { type AbTestDraft, abTestBody } from './ab-test-model.ts';

export type { EmailType } from '../../lib/email-render.ts';
export type CampaignStatus = Campaign['status'];
export type AudienceType = Campaign['audienceType'];

/** In the order a campaign moves through them (the list's tabs offer them so). */
export const CAMPAIGN_STATUS: StatusLooks<CampaignStatus> = {
  DRAFT: 'gray',
  SCHEDULED: 'blue',
  SENDING: 'yellow',
  SENT: 'green',
  CANCELLED: 'red',
};

export const EMAIL_TYPES: Array<{ id: EmailType; label: string; hint: string }> = [
  {
    id: 'MARKETING',
    label: msg('Marketing'),
    hint: msg('Goes to subscribed contacts, with an unsubscribe link and one-click unsubscribe headers.'),
  },
  {
    id: 'HEADLESS',
    label: msg('Marketing, own footer'),
    // The hint carries a Liquid variable: translated with it as an argument (emailTypeHint).
    hint: msg('Goes to subscribed contacts with no footer added: your body must carry {variable}.'),
  },
  {
    id: 'TRANSACTIONAL',
    label: msg('Transactional'),
    hint: msg('Goes to every contact of the audience, subscribed or not. Only for messages people must get.'),
  },
];

/** The hint of a kind of email, in the dashboard's language. */
export function emailTypeHint(type: EmailType): string | undefined {
  const hint = EMAIL_TYPES.find((t) => t.id === type)?.hint;
  return hint && i18n.t(hint, { variable: '{{ unsubscribeUrl }}' });
}

/** What each status allows, in the order the screen offers it. */
export function allowed(status: CampaignStatus) {
  return {
    edit: status === 'DRAFT',
    sendNow: status === 'DRAFT' || status === 'SCHEDULED',
    schedule: status === 'DRAFT' || status === 'SCHEDULED',
    cancel: status === 'SCHEDULED' || status === 'SENDING',
    remove: status !== 'SENDING',
    test: true,
    duplicate: true,
  };
}

/**
 * How often to read a campaign again (ms), or false: every 1.5 s while it sends, but every 15 s while
 * an A/B test waits for its winner (every 2 s in its last minute), every 5 s in the two minutes before
 * a scheduled start (to see it begin), else not at all.
 */
export function campaignPollInterval(
  c:
    | {
        status: CampaignStatus;
        scheduledAt: string | null;
        abTest?: { phase: string | null; decideAt: string | null } | null;
      }
    | undefined,
  now: number,
): number | false {
  if (!c) return false;
  if (c.status === 'SENDING' && c.abTest?.phase === 'WAITING') {
    const left = c.abTest.decideAt ? new Date(c.abTest.decideAt).getTime() - now : Number.POSITIVE_INFINITY;
    return left < 60_000 ? 2000 : 15_000;
  }
  if (c.status === 'SENDING') return 1500;
  if (c.status === 'SCHEDULED' && c.scheduledAt && new Date(c.scheduledAt).getTime() - now < 120_000) return 5000;
  return false;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date as a `datetime-local` input's value, in the browser's time zone, to the minute. */
export function toLocalInput(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (local time) as an ISO 8601 UTC instant; undefined when it is not a time. */
export function fromLocalInput(value: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return undefined;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** The first suggested send time: the next full hour at least 30 minutes away. */
export function defaultScheduleTime(now: Date): Date {
  const d = new Date(now.getTime() + 30 * 60_000);
  if (d.getMinutes() !== 0 || d.getSeconds() !== 0 || d.getMilliseconds() !== 0) {
    d.setHours(d.getHours() + 1, 0, 0, 0);
  }
  return d;
}

/** Why a chosen send time cannot be used, or undefined when it can. */
export function scheduleProblem(value: string, now: Date): string | undefined {
  const iso = fromLocalInput(value);
  if (!iso) return i18n.t('Choose a date and a time.');
  if (new Date(iso).getTime() <= now.getTime() + 60_000) return i18n.t('Choose a time at least a minute from now.');
  return undefined;
}

export interface CampaignFormValues {
  name: string;
  description: string;
  subject: string;
  format: ContentFormat;
  /** HTML or MJML source; for BLOCKS the rendered HTML the API answered (never sent back). */
  body: string;
  /** The block document (BLOCKS only). */
  document: BlockDocument | null;
  from: string;
  fromName: string;
  replyTo: string;
  emailType: EmailType;
  audienceType: AudienceType;
  segmentId: string;
  /** The topic it goes to; '' for none (everyone subscribed). */
  topicId: string;
  /** Its A/B test (off unless `abTest.enabled`). */
  abTest: AbTestDraft;
  /** On the project's public archive once sent. */
  archive: boolean;
}

/** What the form must fix before a save, said per field. */
export function missingFields(v: CampaignFormValues): Partial<Record<keyof CampaignFormValues, string>> {
  return {
    name: v.name.trim() ? undefined : i18n.t('Give the campaign a name.'),
    subject: v.subject.trim() ? undefined : i18n.t('Write a subject line.'),
    from: v.from.trim() ? undefined : i18n.t('Enter the address it is sent from.'),
    body: v.format === 'BLOCKS' || v.body.trim() ? undefined : i18n.t('Write the email, or start from a template.'),
    segmentId: v.audienceType === 'SEGMENT' && !v.segmentId ? i18n.t('Choose a segment.') : undefined,
  };
}

/** The PUT/POST body for the form's values (the filter, already in the API's form, is passed in). */
export function campaignBody(v: CampaignFormValues, audienceFilter: unknown) {
  return {
    name: v.name.trim(),
    description: v.description.trim() || null,
    subject: v.subject,
    format: v.format,
    ...(v.format === 'BLOCKS' ? { document: v.document ?? { version: 1 as const, blocks: [] } } : { body: v.body }),
    from: v.from.trim(),
    fromName: v.fromName.trim() || null,
    replyTo: v.replyTo.trim() || null,
    emailType: v.emailType,
    audienceType: v.audienceType,
    segmentId: v.audienceType === 'SEGMENT' ? v.segmentId || null : null,
    audienceFilter: v.audienceType === 'FILTERED' ? (audienceFilter as AudienceFilter) : null,
    topicId: v.topicId || null,
    ...abTestBody(v.abTest),
    archive: v.archive,
  };
}

/** The domain part of an address, lower-cased; '' when there is none. */
export function domainOf(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 0
    ? ''
    : address
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/** Whether `address` is on one of the verified domains or a subdomain of one. */
export function onVerifiedDomain(address: string, verified: string[]): boolean {
  const domain = domainOf(address);
  if (!domain) return false;
  return verified.some((v) => domain === v || domain.endsWith(`.${v}`));
}

/**
 * A time series framed for a chart: an empty bucket before the first (nothing happened before the
 * send) and after the last when that one has already begun, so a send within one hour still draws
 * as a rise and a fall rather than a lone dot.
 */
export function frameSeries<T extends { start: string }>(
  data: T[],
  interval: 'hour' | 'day',
  empty: Omit<T, 'start'>,
  now: Date,
): T[] {
  if (data.length === 0) return data;
  const size = interval === 'hour' ? 3_600_000 : 86_400_000;
  const first = new Date(data[0]!.start).getTime();
  const last = new Date(data.at(-1)!.start).getTime();
  const before = { ...empty, start: new Date(first - size).toISOString() } as T;
  const afterStart = last + size;
  const after = afterStart <= now.getTime() ? [{ ...empty, start: new Date(afterStart).toISOString() } as T] : [];
  return [before, ...data, ...after];
}
