/**
 * The public archive's reading of campaigns (beyond.md §11): a project's SENT campaigns with
 * `archive: true`, newest first, keyset-paged by (sent_at, id), and one of them, with their subject
 * and body rendered by Liquid with the fallbacks only: no contact, so no personal data, no tracking
 * and no per-recipient links (those variables render as '#'). Setting the flag is here too.
 */
import { toBool } from '../db/codecs.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import { renderTemplate } from '../mail/render/liquid.ts';
import { storedVariants } from './ab/variants.ts';
import * as repo from './campaign-archive.repo.ts';
import type { CampaignRow } from './campaigns.repo.ts';
import type { CampaignPatchBody, CampaignView } from './campaigns.schemas.ts';
import { campaignView, getCampaignRow } from './campaigns.service.ts';

/** An archived campaign as the public pages show it. */
export interface ArchivedCampaign {
  id: string;
  /** The subject rendered with the fallbacks (plain text, to be escaped by whoever shows it). */
  subject: string;
  sentAt: string;
  /** The body rendered with the fallbacks; '' when not asked for. */
  html: string;
}

/** What the per-recipient variables are on the archive: links to nowhere, never someone's. */
const ARCHIVE_VARS: Readonly<Record<string, string>> = {
  unsubscribeUrl: '#',
  subscribeUrl: '#',
  manageUrl: '#',
  webVersionUrl: '#',
};

/** Sets `archive` in any state (a sent campaign joins or leaves the archive); 404 CAMPAIGN_NOT_FOUND otherwise. */
export async function patchCampaign(
  deps: Pick<Deps, 'db' | 'reader' | 'clock'>,
  projectId: string,
  id: string,
  body: CampaignPatchBody,
): Promise<CampaignView> {
  const current = await getCampaignRow(deps, projectId, id);
  if (body.archive === undefined || body.archive === toBool(current.archive)) return campaignView(deps, current);
  const row = await repo.updateArchive(deps.db, projectId, id, body.archive, deps.clock.now());
  if (!row) throw notFound('CAMPAIGN');
  return campaignView(deps, row);
}

/** Liquid with no contact; a template that cannot render without one shows as empty rather than failing the page. */
async function fallbackRender(field: string, kind: 'subject' | 'body', source: string): Promise<string> {
  try {
    return await renderTemplate(field, kind, source, { ...ARCHIVE_VARS });
  } catch {
    return '';
  }
}

/** The content the campaign's recipients got: an A/B test's winner, else the campaign's own. */
function sentContent(row: CampaignRow): { subject: string; body: string } {
  const winner = row.abWinner === null ? undefined : storedVariants(row).find((v) => v.name === row.abWinner);
  return winner ?? row;
}

async function toArchived(row: CampaignRow, withBody: boolean): Promise<ArchivedCampaign> {
  const content = sentContent(row);
  const subject = (await fallbackRender('subject', 'subject', content.subject)).trim() || row.name;
  const html = withBody ? await fallbackRender('body', 'body', content.body) : '';
  return { id: row.id, subject, sentAt: new Date(row.sentAt!).toISOString(), html };
}

/**
 * A page of the project's archive, newest sent first: `limit` campaigns sent before the archived
 * campaign `before` (none: the newest), and whether older ones exist. Undefined when `before` names
 * no archived campaign of the project.
 */
export async function listArchivedCampaigns(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  page: { before?: string; limit: number; withBody?: boolean },
): Promise<{ items: ArchivedCampaign[]; hasMore: boolean } | undefined> {
  let key: { sentAt: string; id: string } | undefined;
  if (page.before !== undefined) {
    const from = isUuid(page.before) ? await repo.findArchived(deps.reader, projectId, page.before) : undefined;
    if (!from?.sentAt) return undefined;
    key = { sentAt: from.sentAt, id: from.id };
  }
  const rows = await repo.listArchived(deps.reader, projectId, key, page.limit + 1);
  const items = await Promise.all(rows.slice(0, page.limit).map((r) => toArchived(r, page.withBody ?? false)));
  return { items, hasMore: rows.length > page.limit };
}

/** One archived SENT campaign of the project with its body; undefined for any other id. */
export async function getArchivedCampaign(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  id: string,
): Promise<ArchivedCampaign | undefined> {
  const row = isUuid(id) ? await repo.findArchived(deps.reader, projectId, id) : undefined;
  return row && toArchived(row, true);
}
