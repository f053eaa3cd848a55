/**
 * The HTML of the web version (/view/:token) and the archive (/archive/:projectId…): pages in the
 * frame of the subscription pages (public-pages/pages.ts), every value escaped. The email itself is
 * shown in a sandboxed frame (`srcdoc`, no `allow-scripts`, no `allow-same-origin`): whatever its HTML
 * holds runs no script and cannot reach this page; its links open in a new tab. Pure functions.
 */
import { escapeHtml, htmlDocument } from '../public-pages/pages.ts';
import type { Locale } from '../public-pages/strings.ts';
import { formatDate, WEB_STRINGS } from './strings.ts';

/** Popups only, to let the email's links open outside the frame; no scripts, forms or same-origin access. */
export const EMAIL_FRAME_SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';

const STYLE = [
  'a{color:#1d4ed8}',
  'a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}',
  'main.wide{max-width:46rem;margin:2rem auto;padding:1.5rem}',
  'header{margin:0 0 1rem}',
  'header h1{margin:0 0 .25rem}',
  'header p{margin:0}',
  'iframe.email{display:block;box-sizing:border-box;width:100%;height:75vh;min-height:26rem;border:1px solid #e4e4e7;border-radius:8px;background:#fff}',
  'ul.archive{list-style:none;margin:0 0 1.5rem;padding:0}',
  'ul.archive li{padding:.75rem 0;border-bottom:1px solid #e4e4e7}',
  'ul.archive a{font-weight:600}',
  'ul.archive time{display:block}',
  'nav{display:flex;flex-wrap:wrap;gap:1rem;justify-content:space-between;margin:0 0 1rem}',
  '@media (max-width:40rem){main.wide{margin:0;border-radius:0;padding:1rem}}',
].join('');

/** Where the archive of a project and its pieces live on this server (paths; the feed gets absolute URLs). */
export const archivePath = (projectId: string) => `/archive/${encodeURIComponent(projectId)}`;
export const archivedCampaignPath = (projectId: string, campaignId: string) =>
  `${archivePath(projectId)}/${encodeURIComponent(campaignId)}`;

/** The email as the frame's document: links open in a new tab (the sandbox keeps them from navigating this page). */
export function frameDocument(html: string): string {
  const base = '<base target="_blank">';
  const head = /<head(?:\s[^>]*)?>/i.exec(html);
  if (head) {
    const at = head.index + head[0].length;
    return html.slice(0, at) + base + html.slice(at);
  }
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  if (doctype) return doctype[0] + base + html.slice(doctype[0].length);
  return base + html;
}

function emailFrame(locale: Locale, html: string): string {
  const title = escapeHtml(WEB_STRINGS[locale].emailFrame);
  const doc = escapeHtml(frameDocument(html));
  return `<iframe class="email" title="${title}" sandbox="${EMAIL_FRAME_SANDBOX}" referrerpolicy="no-referrer" srcdoc="${doc}"></iframe>`;
}

const time = (locale: Locale, iso: string, timeZone?: string) =>
  `<time datetime="${escapeHtml(iso)}">${escapeHtml(formatDate(locale, iso, timeZone))}</time>`;

const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;

function wide(locale: Locale, title: string, body: string, head = ''): string {
  return htmlDocument(locale, title, body, STYLE, { mainClass: 'wide', head, indexable: head !== '' });
}

/** What the web version shows: the email as it was sent to the recipient. */
export interface WebVersionView {
  locale: Locale;
  subject: string;
  sender: string;
  sentAt: string;
  timeZone?: string;
  /** The stored body, open pixel removed. */
  html: string;
}

/** GET /view/:token: the subject, sender and date above the email. Never indexed (the link is personal). */
export function webVersionPage(v: WebVersionView): string {
  const s = WEB_STRINGS[v.locale];
  const from = escapeHtml(s.from).replace('{sender}', () => escapeHtml(v.sender));
  return htmlDocument(
    v.locale,
    v.subject,
    [
      `<header><h1>${escapeHtml(v.subject)}</h1>`,
      `<p class="muted">${from} &middot; ${time(v.locale, v.sentAt, v.timeZone)}</p></header>`,
      emailFrame(v.locale, v.html),
    ].join('\n'),
    STYLE,
    { mainClass: 'wide' },
  );
}

/** A project's archive page as the pages show it. */
export interface ArchiveView {
  locale: Locale;
  projectId: string;
  projectName: string;
  timeZone?: string;
  /** Absolute URL of the RSS feed, for the page's alternate link. */
  feedUrl: string;
  items: Array<{ id: string; subject: string; sentAt: string }>;
  /** The last campaign's id when older ones exist (the next page starts after it). */
  olderThan?: string;
  /** Whether this is a later page (it links back to the newest). */
  paged: boolean;
}

function feedLink(v: Pick<ArchiveView, 'feedUrl' | 'projectName' | 'locale'>): string {
  const title = `${v.projectName}: ${WEB_STRINGS[v.locale].archiveHeading}`;
  return `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(title)}" href="${escapeHtml(v.feedUrl)}">`;
}

/** GET /archive/:projectId: the project's published campaigns, newest first, subject and date. */
export function archivePage(v: ArchiveView): string {
  const s = WEB_STRINGS[v.locale];
  const home = archivePath(v.projectId);
  const items = v.items.map(
    (c) =>
      `<li>${link(archivedCampaignPath(v.projectId, c.id), c.subject)}${time(v.locale, c.sentAt, v.timeZone)}</li>`,
  );
  const nav = [
    ...(v.paged ? [link(home, s.newestPage)] : []),
    ...(v.olderThan ? [link(`${home}?before=${encodeURIComponent(v.olderThan)}`, s.olderPage)] : []),
  ];
  return wide(
    v.locale,
    `${v.projectName}: ${s.archiveHeading}`,
    [
      `<header><h1>${escapeHtml(v.projectName)}</h1><p class="muted">${escapeHtml(s.archiveHeading)}</p></header>`,
      items.length > 0 ? `<ul class="archive">\n${items.join('\n')}\n</ul>` : `<p>${escapeHtml(s.archiveEmpty)}</p>`,
      ...(nav.length > 0 ? [`<nav>${nav.join('')}</nav>`] : []),
      `<p class="muted">${link(v.feedUrl, s.rssFeed)}</p>`,
    ].join('\n'),
    feedLink(v),
  );
}

/** One archived campaign as its page shows it. */
export interface ArchivedCampaignView extends Omit<ArchiveView, 'items' | 'olderThan' | 'paged'> {
  campaign: { subject: string; sentAt: string; html: string };
}

/** GET /archive/:projectId/:campaignId: the campaign rendered without anyone's data, in the email frame. */
export function archivedCampaignPage(v: ArchivedCampaignView): string {
  const s = WEB_STRINGS[v.locale];
  const c = v.campaign;
  return wide(
    v.locale,
    c.subject,
    [
      `<nav>${link(archivePath(v.projectId), s.backToArchive)}</nav>`,
      `<header><h1>${escapeHtml(c.subject)}</h1>`,
      `<p class="muted">${escapeHtml(v.projectName)} &middot; ${time(v.locale, c.sentAt, v.timeZone)}</p></header>`,
      emailFrame(v.locale, c.html),
    ].join('\n'),
    feedLink(v),
  );
}

/** An archive address that names nothing published (unknown project, campaign or page). */
export function notFoundPage(locale: Locale): string {
  const s = WEB_STRINGS[locale];
  return htmlDocument(
    locale,
    s.notFoundTitle,
    `<h1>${escapeHtml(s.notFoundTitle)}</h1>\n<p>${escapeHtml(s.notFoundBody)}</p>`,
  );
}

/** Past the public pages' rate for one client address. */
export function tooManyPage(locale: Locale): string {
  const s = WEB_STRINGS[locale];
  return htmlDocument(
    locale,
    s.tooManyTitle,
    `<h1>${escapeHtml(s.tooManyTitle)}</h1>\n<p>${escapeHtml(s.tooManyBody)}</p>`,
  );
}
