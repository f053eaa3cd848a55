/**
 * Campaigns: create, read, replace (DRAFT only), delete (not while SENDING), duplicate, list and
 * stats. Every write checks the content (Liquid syntax, addresses, a sender on a verified domain) and
 * the audience (a segment of the project, a filter that parses and checks). Sending, scheduling,
 * cancelling and test sends are in campaign-send.service.ts.
 */
import { compileContent, contentView } from '../authoring/content.ts';
import { fromJson, toBool, toJson } from '../db/codecs.ts';
import type { EmailType } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { assertVerifiedSender } from '../domains/domains.service.ts';
import { conflict, invalid, notFound } from '../errors.ts';
import { pageInfo, resolvePage } from '../http/pages.ts';
import { copyName } from '../lib/copy-name.ts';
import { isUuid, newId } from '../lib/ids.ts';
import { percent } from '../lib/percent.ts';
import { assertTemplateSyntax } from '../mail/render/liquid.ts';
import { loadFilterEnv } from '../segments/audience.ts';
import { checkFilter } from '../segments/filters/check.ts';
import { parseFilterInput, toConditionForm, toFiltersForm } from '../segments/filters/parse.ts';
import type { FilterGroup } from '../segments/filters/tree.ts';
import { checkedAbTest, toAbTestView, toVariantViews } from './ab/variants.ts';
import * as repo from './campaigns.repo.ts';
import type {
  CampaignBody,
  CampaignCreated,
  CampaignPage,
  CampaignSummary,
  CampaignView,
  ListCampaignsQuery,
} from './campaigns.schemas.ts';
import { address, noLineBreaks } from './field-checks.ts';

export type { CampaignRow } from './campaigns.repo.ts';

type WriteDeps = Pick<Deps, 'db' | 'reader' | 'config' | 'clock' | 'topics' | 'verifiedDomains'>;

const EMAIL_TYPES: readonly string[] = ['MARKETING', 'HEADLESS', 'TRANSACTIONAL'];
const AUDIENCE_TYPES: readonly string[] = ['ALL', 'SEGMENT', 'FILTERED'];
const MAX_NAME = 200;

/** A campaign as lists show it; `type` carries the audience kind (decisions.md "Campaigns"). */
export function toCampaignSummary(row: repo.CampaignRow): CampaignSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    subject: row.subject,
    type: row.audienceType,
    audienceType: row.audienceType,
    emailType: row.emailType,
    status: row.status,
    scheduledAt: row.scheduledAt,
    startedAt: row.startedAt,
    sentAt: row.sentAt,
    cancelledAt: row.cancelledAt,
    totalRecipients: row.totalRecipients,
    archive: toBool(row.archive),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The whole campaign; its filter in the spec's form when that can express it, else the nested form. */
export function toCampaignView(row: repo.CampaignRow, testRecipients = 0): CampaignView {
  const tree = row.audienceFilter === null ? null : fromJson<FilterGroup>(row.audienceFilter);
  return {
    ...toCampaignSummary(row),
    ...contentView(row),
    from: row.fromEmail,
    fromName: row.fromName,
    replyTo: row.replyTo,
    segmentId: row.segmentId,
    audienceFilter: tree && (toFiltersForm(tree) ?? toConditionForm(tree)),
    topicId: row.topicId,
    variants: toVariantViews(row),
    abTest: toAbTestView(row, testRecipients),
    localSend: row.localSend === null ? null : fromJson<{ localTime: string; date: string }>(row.localSend),
  };
}

/** The campaign row of the project; 404 CAMPAIGN_NOT_FOUND otherwise, a malformed id included. */
export async function getCampaignRow(deps: Pick<Deps, 'reader'>, projectId: string, id: string) {
  const row = isUuid(id) ? await repo.findCampaign(deps.reader, projectId, id) : undefined;
  if (!row) throw notFound('CAMPAIGN');
  return row;
}

export async function getCampaign(deps: Pick<Deps, 'reader'>, projectId: string, id: string): Promise<CampaignView> {
  return campaignView({ db: deps.reader }, await getCampaignRow(deps, projectId, id));
}

/** The view of a row just read or written (through `db`, so a test group stored with it is counted). */
export async function campaignView(deps: Pick<Deps, 'db'>, row: repo.CampaignRow): Promise<CampaignView> {
  return toCampaignView(row, row.abTest === null ? 0 : await repo.countTestRecipients(deps.db, row.id));
}

/** Creates a DRAFT campaign; answers the contract's wrapped form. */
export async function createCampaign(deps: WriteDeps, projectId: string, body: CampaignBody): Promise<CampaignCreated> {
  const content = await checkedContent(deps, projectId, body);
  const now = deps.clock.now();
  const row = await repo.insertCampaign(deps.db, {
    id: newId(),
    projectId,
    ...content,
    status: 'DRAFT',
    createdAt: now,
    updatedAt: now,
  });
  const { id, name, subject, type, status, scheduledAt } = toCampaignSummary(row);
  return { success: true, data: { id, name, subject, type, status, scheduledAt } };
}

/** Replaces a DRAFT campaign's content; 409 once it has been scheduled or sent. */
export async function replaceCampaign(
  deps: WriteDeps,
  projectId: string,
  id: string,
  body: CampaignBody,
): Promise<CampaignView> {
  const current = await getCampaignRow(deps, projectId, id);
  const content = await checkedContent(deps, projectId, body);
  const row = await repo.updateDraft(deps.db, projectId, id, { ...content, updatedAt: deps.clock.now() });
  if (!row) throw conflict(`Only a DRAFT campaign can be changed (this one is ${current.status}).`);
  return toCampaignView(row);
}

/**
 * Deletes the campaign; 409 while it is SENDING. A SCHEDULED one is simply gone: its start job finds
 * no campaign and does nothing (the row is the schedule).
 */
export async function deleteCampaign(deps: Pick<Deps, 'db' | 'reader'>, projectId: string, id: string) {
  await getCampaignRow(deps, projectId, id);
  if (await repo.deleteUnlessSending(deps.db, projectId, id)) return;
  // Not deleted: it is SENDING (or was deleted meanwhile).
  if (await repo.findCampaign(deps.db, projectId, id)) throw conflict('The campaign is sending; cancel it first.');
  throw notFound('CAMPAIGN');
}

/** A DRAFT copy named "<name> (copy)" with the same content and audience. */
export async function duplicateCampaign(deps: WriteDeps, projectId: string, id: string): Promise<CampaignView> {
  const source = await getCampaignRow(deps, projectId, id);
  const now = deps.clock.now();
  const name = copyName(source.name, MAX_NAME);
  const row = await repo.insertCampaign(deps.db, {
    ...source,
    id: newId(),
    name,
    status: 'DRAFT',
    scheduledAt: null,
    startedAt: null,
    sentAt: null,
    cancelledAt: null,
    totalRecipients: 0,
    audienceFilter: source.audienceFilter === null ? null : toJson(fromJson(source.audienceFilter)),
    variants: source.variants === null ? null : toJson(fromJson(source.variants)),
    abTest: source.abTest === null ? null : toJson(fromJson(source.abTest)),
    abPhase: null,
    abWinner: null,
    abDecideAt: null,
    localSend: null,
    archive: toBool(source.archive),
    createdAt: now,
    updatedAt: now,
  });
  return toCampaignView(row);
}

/** A page of the project's campaigns, newest first, optionally of one status. */
export async function listCampaigns(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  query: ListCampaignsQuery,
): Promise<CampaignPage> {
  const page = resolvePage(query);
  const filter = { status: query.status };
  const [rows, total] = await Promise.all([
    repo.listCampaigns(deps.reader, projectId, filter, { offset: page.offset, limit: page.pageSize }),
    repo.countCampaigns(deps.reader, projectId, filter),
  ]);
  const counts = await repo.countCampaignsEmails(
    deps.reader,
    projectId,
    rows.map((r) => r.id),
  );
  const campaigns = rows.map((row) => {
    const n = counts.get(row.id) ?? { sent: 0, opened: 0, clicked: 0 };
    const rates = { openRate: percent(n.opened, n.sent), clickRate: percent(n.clicked, n.sent) };
    return { ...toCampaignSummary(row), sentCount: n.sent, ...rates };
  });
  return { campaigns, ...pageInfo(page, total) };
}

/** `emailType`, else a content-class `type` (what existing clients send), else MARKETING; 422 for another value. */
function emailTypeOf(body: CampaignBody): EmailType {
  if (body.emailType) return body.emailType;
  if (body.type === undefined || AUDIENCE_TYPES.includes(body.type)) return 'MARKETING';
  if (EMAIL_TYPES.includes(body.type)) return body.type as EmailType;
  throw invalid('type', `must be one of ${EMAIL_TYPES.join(', ')}`);
}

/** The columns for a create or replace body, checked and its content compiled (422 naming the field, 403 for the sender). */
async function checkedContent(deps: WriteDeps, projectId: string, body: CampaignBody): Promise<repo.CampaignContent> {
  noLineBreaks('subject', body.subject);
  noLineBreaks('fromName', body.fromName);
  assertTemplateSyntax('subject', 'subject', body.subject);
  const content = await compileContent(body.format ?? 'HTML', body);
  const emailType = emailTypeOf(body);
  const fromEmail = address('from', body.from);
  const replyTo = body.replyTo ? address('replyTo', body.replyTo) : null;
  const audience = await checkedAudience(deps, projectId, body);
  await assertVerifiedSender(deps, projectId, fromEmail);
  const fromName = body.fromName || null;
  const ab = await checkedAbTest(deps, projectId, body, { subject: body.subject, fromEmail, fromName, ...content });
  return {
    ...ab,
    name: body.name,
    description: body.description ?? null,
    subject: body.subject,
    ...content,
    fromEmail,
    fromName,
    replyTo,
    emailType,
    audienceType: body.audienceType,
    ...audience,
    // Absent: the flag stays as it is (a PUT from a client that knows nothing of the archive keeps it).
    ...(body.archive !== undefined && { archive: body.archive }),
  };
}

/**
 * SEGMENT needs a segment of the project; FILTERED a filter that parses and checks; the other field is
 * cleared. A `topicId` must name a topic of the project.
 */
export async function checkedAudience(
  deps: Pick<Deps, 'reader' | 'clock' | 'topics'>,
  projectId: string,
  body: Pick<CampaignBody, 'audienceType' | 'segmentId' | 'audienceFilter' | 'topicId'>,
) {
  const env = await loadFilterEnv(deps, projectId);
  const topicId = body.topicId ?? null;
  if (topicId !== null && !env.topics?.has(topicId))
    throw invalid('topicId', `unknown topic ${topicId}`, 'UNKNOWN_TOPIC');
  if (body.audienceType === 'ALL') return { segmentId: null, audienceFilter: null, topicId };
  if (body.audienceType === 'SEGMENT') {
    if (!body.segmentId) throw invalid('segmentId', 'is required when audienceType is SEGMENT', 'REQUIRED');
    if (!env.segments.has(body.segmentId)) throw invalid('segmentId', 'does not name a segment of this project');
    return { segmentId: body.segmentId, audienceFilter: null, topicId };
  }
  const raw = body.audienceFilter;
  const at = { filters: 'audienceFilter', condition: 'audienceFilter' };
  const tree = raw && parseFilterInput('groups' in raw ? { condition: raw } : { filters: raw }, at);
  if (!tree) throw invalid('audienceFilter', 'is required when audienceType is FILTERED', 'REQUIRED');
  checkFilter(tree, env, { at: 'audienceFilter' });
  return { segmentId: null, audienceFilter: toJson(tree), topicId };
}
