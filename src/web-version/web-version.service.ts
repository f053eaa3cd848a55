/**
 * The web version and the public archive (beyond.md §11). The web version of an email is its stored
 * row, the subject and body composed for that recipient, shown without the open pixel: reading it is
 * not an open. It is there while the email's content is (an erased contact's emails lose it) and the
 * project is in good standing. The archive lists a project's published campaigns (the campaigns
 * service renders them without any contact) and feeds them as RSS. Nothing here writes.
 */
import { getArchivedCampaign, listArchivedCampaigns } from '../campaigns/campaign-archive.service.ts';
import { getContact } from '../contacts/contacts.service.ts';
import type { Deps } from '../deps.ts';
import { getEmailContent } from '../emails/emails.service.ts';
import { AppError } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import { readWebVersionToken } from '../mail/links.ts';
import { withoutOpenPixel } from '../mail/render/tracking-links.ts';
import { getSendSettings, getSignupProject } from '../projects/projects.service.ts';
import { type Locale, resolveLocale } from '../public-pages/strings.ts';
import { type FeedChannel, rssFeed } from './feed.ts';
import type { WebVersionView } from './pages.ts';
import { type ArchivedCampaignView, type ArchiveView, archivedCampaignPath, archivePath } from './pages.ts';
import { WEB_STRINGS } from './strings.ts';

type ReadDeps = Pick<Deps, 'reader' | 'secrets' | 'config' | 'keyCache' | 'topics'>;

/** Campaigns on one archive page, and items in the feed. */
export const ARCHIVE_PAGE_SIZE = 50;
export const FEED_SIZE = 20;

/** Undefined for a 404 (the project, contact… is gone); anything else rethrown. */
async function unlessGone<T>(work: Promise<T>): Promise<T | undefined> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) return undefined;
    throw err;
  }
}

/**
 * The web version a link names, as its page shows it: the stored subject and body (open pixel
 * removed; click links stay), in the language of the contact (else the project's). Undefined when the
 * token is not ours, the email or its content is gone, it is transactional mail (never linked), or
 * the project is disabled.
 */
export async function openWebVersion(deps: ReadDeps, token: string): Promise<WebVersionView | undefined> {
  const t = readWebVersionToken(deps.secrets.signingSecret, token);
  if (!t || !isUuid(t.p)) return undefined;
  const settings = await unlessGone(getSendSettings(deps, t.p));
  if (!settings || settings.disabled) return undefined;
  const email = await getEmailContent(deps, t.p, t.e);
  if (!email || email.emailType === 'TRANSACTIONAL') return undefined;
  const contact = email.contactId ? await unlessGone(getContact(deps, t.p, email.contactId)) : undefined;
  const own = contact?.data.locale;
  const html = withoutOpenPixel(email.html);
  return {
    locale: resolveLocale(typeof own === 'string' ? own : settings.defaultLocale),
    subject: email.subject,
    sender: email.fromName ?? email.fromEmail,
    sentAt: email.sentAt,
    timeZone: settings.schedule.timezone,
    html,
  };
}

/** A project whose archive is public: known and not disabled. */
async function archiveProject(deps: ReadDeps, projectId: string) {
  // Project ids are UUIDs: anything else names no archive and never reaches SQL.
  if (!isUuid(projectId)) return undefined;
  const project = await unlessGone(getSignupProject(deps, projectId));
  if (!project || project.disabled) return undefined;
  const settings = await unlessGone(getSendSettings(deps, projectId));
  return {
    id: project.id,
    name: project.name,
    defaultLocale: project.defaultLocale,
    timeZone: settings?.schedule.timezone,
  };
}

const absolute = (deps: Pick<Deps, 'config'>, path: string) => `${deps.config.baseUrl.replace(/\/+$/, '')}${path}`;

/** What every archive page shows about the project, in `locale` (or the project's when undefined). */
function frame(deps: ReadDeps, p: NonNullable<Awaited<ReturnType<typeof archiveProject>>>, locale?: Locale) {
  return {
    locale: locale ?? resolveLocale(p.defaultLocale),
    projectId: p.id,
    projectName: p.name,
    timeZone: p.timeZone,
    feedUrl: absolute(deps, `${archivePath(p.id)}/feed.xml`),
  };
}

/**
 * A page of the project's archive: ARCHIVE_PAGE_SIZE campaigns, newest first, sent before the
 * campaign `before` when given. Undefined for an unknown or disabled project, or a `before` that is
 * not one of its archived campaigns.
 */
export async function openArchive(
  deps: ReadDeps,
  projectId: string,
  before: string | undefined,
  locale?: Locale,
): Promise<ArchiveView | undefined> {
  const p = await archiveProject(deps, projectId);
  if (!p) return undefined;
  const page = await listArchivedCampaigns(deps, p.id, { before, limit: ARCHIVE_PAGE_SIZE });
  if (!page) return undefined;
  return {
    ...frame(deps, p, locale),
    items: page.items,
    olderThan: page.hasMore ? page.items.at(-1)?.id : undefined,
    paged: before !== undefined,
  };
}

/** One archived campaign of the project, rendered with the fallbacks only; undefined for any other. */
export async function openArchivedCampaign(
  deps: ReadDeps,
  projectId: string,
  campaignId: string,
  locale?: Locale,
): Promise<ArchivedCampaignView | undefined> {
  const p = await archiveProject(deps, projectId);
  if (!p) return undefined;
  const campaign = await getArchivedCampaign(deps, p.id, campaignId);
  return campaign && { ...frame(deps, p, locale), campaign };
}

/** The project's archive as RSS 2.0: the FEED_SIZE newest campaigns with their bodies. Undefined as for the page. */
export async function archiveFeed(deps: ReadDeps & Pick<Deps, 'clock'>, projectId: string, locale?: Locale) {
  const p = await archiveProject(deps, projectId);
  if (!p) return undefined;
  const page = await listArchivedCampaigns(deps, p.id, { limit: FEED_SIZE, withBody: true });
  const f = frame(deps, p, locale);
  const s = WEB_STRINGS[f.locale];
  const channel: FeedChannel = {
    title: `${p.name}: ${s.archiveHeading}`,
    link: absolute(deps, archivePath(p.id)),
    self: f.feedUrl,
    description: s.feedDescription.replace('{project}', () => p.name),
    language: f.locale,
    items: (page?.items ?? []).map((c) => ({
      title: c.subject,
      link: absolute(deps, archivedCampaignPath(p.id, c.id)),
      sentAt: c.sentAt,
      html: c.html,
    })),
  };
  return rssFeed(channel, deps.clock.now());
}
