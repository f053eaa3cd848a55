/**
 * What a campaign row means to the rest of the service: its audience (for src/segments/audience.ts),
 * its message (for src/sending/compose.ts) and who of the audience gets it. Pure: no I/O.
 */
import { fromJson } from '../db/codecs.ts';
import type { EmailSource } from '../db/schema.ts';
import type { Audience, FilterGroup } from '../segments/filters/tree.ts';
import type { PreparedMessage } from '../sending/compose.ts';
import type { CampaignRow } from './campaigns.repo.ts';

/** The audience a campaign addresses: of its segment or filter (or everyone), the subscribers of its topic if it has one. */
export function audienceOf(
  c: Pick<CampaignRow, 'audienceType' | 'segmentId' | 'audienceFilter'> & { topicId?: string | null },
): Audience {
  const topicId = c.topicId ?? undefined;
  if (c.audienceType === 'SEGMENT') return { kind: 'segment', segmentId: c.segmentId ?? '', topicId };
  if (c.audienceType === 'FILTERED')
    return { kind: 'filter', filter: fromJson<FilterGroup>(c.audienceFilter), topicId };
  return { kind: 'all', topicId };
}

/** MARKETING and HEADLESS mail goes to subscribed contacts only; TRANSACTIONAL to every one (as /v1/send). */
export const subscribedOnly = (c: Pick<CampaignRow, 'emailType'>) => c.emailType !== 'TRANSACTIONAL';

/**
 * The campaign as a message to compose per recipient. Its recipients' rows are CAMPAIGN rows with the
 * campaign's id (unique per contact, counted in stats); a test send passes another source and a prefix.
 */
export function campaignMessage(
  c: CampaignRow,
  as: { sourceType: EmailSource; sourceId: string | null; subjectPrefix?: string } = {
    sourceType: 'CAMPAIGN',
    sourceId: c.id,
  },
): PreparedMessage {
  return {
    subject: (as.subjectPrefix ?? '') + c.subject,
    body: c.body,
    emailType: c.emailType,
    templateId: null,
    templateVersion: null,
    from: { email: c.fromEmail, name: c.fromName ?? undefined },
    replyTo: c.replyTo ?? undefined,
    headers: {},
    attachments: [],
    sourceType: as.sourceType,
    sourceId: as.sourceId,
    topicId: c.topicId ?? undefined,
  };
}
