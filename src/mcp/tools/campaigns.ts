/** Campaign tools: the list, one campaign's numbers, and a DRAFT campaign (never sent from here). */
import { Type } from 'typebox';
import { getCampaignStats } from '../../campaigns/campaign-stats.service.ts';
import { CampaignBody, CampaignStatus } from '../../campaigns/campaigns.schemas.ts';
import { createCampaign, listCampaigns } from '../../campaigns/campaigns.service.ts';
import { Id } from '../../http/schemas.ts';
import { Cursor, defineTool, Limit, nextPage } from './types.ts';

export const listCampaignsTool = defineTool({
  name: 'list_campaigns',
  description:
    'Lists campaigns, newest first, a page at a time, optionally of one `status` (DRAFT, SCHEDULED, SENDING, SENT, ' +
    'CANCELLED): name, subject, status, dates, recipients, sent count and open and click rates (percent). ' +
    'get_campaign_stats has the full numbers of one.',
  input: Type.Object({
    status: Type.Optional(CampaignStatus),
    limit: Type.Optional(Limit),
    cursor: Type.Optional(Cursor),
  }),
  write: false,
  resource: 'campaign',
  async run(deps, projectId, args) {
    const page = await listCampaigns(deps, projectId, {
      limit: args.limit ?? 20,
      cursor: args.cursor,
      status: args.status,
    });
    const campaigns = page.campaigns.map((c) => ({
      id: c.id,
      name: c.name,
      subject: c.subject,
      status: c.status,
      scheduledAt: c.scheduledAt,
      sentAt: c.sentAt,
      totalRecipients: c.totalRecipients,
      sentCount: c.sentCount,
      openRate: c.openRate,
      clickRate: c.clickRate,
    }));
    return { result: { campaigns, nextCursor: nextPage(page), total: page.total } };
  },
});

export const getCampaignStatsTool = defineTool({
  name: 'get_campaign_stats',
  description:
    "One campaign's current numbers: recipients, sent, delivered, opened, clicked, bounced, complained and " +
    'unsubscribed counts, open, click and bounce rates (percent of sent), and per variant for an A/B test.',
  input: Type.Object({ id: { ...Id, description: 'The campaign id (list_campaigns).' } }),
  write: false,
  resource: 'campaign',
  async run(deps, projectId, args) {
    const stats = await getCampaignStats(deps, projectId, args.id);
    return { result: { id: args.id, ...stats }, resourceId: args.id };
  },
});

const campaign = CampaignBody.properties;

export const createCampaignDraftTool = defineTool({
  name: 'create_campaign_draft',
  description:
    'Creates a campaign in DRAFT for a person to review and send from the dashboard (it is not sent). Audience: ' +
    'ALL subscribed contacts (default), or a SEGMENT with `segmentId`. `from` must be on a verified domain; `body` is ' +
    'HTML with Liquid variables such as {{ first_name ?? "there" }}. `name` defaults to the subject.',
  input: Type.Object({
    name: Type.Optional(campaign.name),
    subject: campaign.subject,
    body: Type.String({ minLength: 1, maxLength: 2 * 1024 * 1024, description: 'HTML; Liquid variables allowed.' }),
    from: campaign.from,
    fromName: Type.Optional(Type.String({ maxLength: 200 })),
    replyTo: Type.Optional(Type.String({ maxLength: 320 })),
    audienceType: Type.Optional(Type.Union([Type.Literal('ALL'), Type.Literal('SEGMENT')], { default: 'ALL' })),
    segmentId: Type.Optional({ ...Id, description: 'The segment, with audienceType SEGMENT.' }),
    emailType: campaign.emailType,
  }),
  write: true,
  resource: 'campaign',
  async run(deps, projectId, args) {
    const name = args.name ?? args.subject.slice(0, 200);
    const made = await createCampaign(deps, projectId, { ...args, name, audienceType: args.audienceType ?? 'ALL' });
    return { result: { campaign: made.data, next: 'Review and send it in the dashboard.' }, resourceId: made.data.id };
  },
});
