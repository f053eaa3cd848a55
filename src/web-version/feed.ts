/**
 * The archive's RSS 2.0 feed (GET /archive/:projectId/feed.xml): one `<item>` per published campaign,
 * newest first, its body as escaped HTML in `<description>`. Every value is XML-escaped and stripped
 * of the characters XML 1.0 cannot carry, so no subject or body can break the document. Pure.
 */

export interface FeedItem {
  title: string;
  /** Absolute URL of the campaign's archive page (also its permanent guid). */
  link: string;
  /** ISO instant it was sent. */
  sentAt: string;
  html: string;
}

export interface FeedChannel {
  title: string;
  /** Absolute URL of the archive page. */
  link: string;
  /** Absolute URL of this feed. */
  self: string;
  description: string;
  language: string;
  items: FeedItem[];
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

// Characters outside XML 1.0's Char production (C0 controls but tab, LF and CR; lone surrogates; U+FFFE/F).
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text or an attribute value as XML. */
export function escapeXml(value: string): string {
  return value.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

/** An instant in RFC 822 form, as RSS 2.0 dates are written (`Tue, 03 Mar 2026 10:00:00 GMT`). */
export const rfc822 = (at: Date): string => at.toUTCString();

const element = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;

/** The whole feed document; `now` is its lastBuildDate. */
export function rssFeed(c: FeedChannel, now: Date): string {
  const items = c.items.map((i) =>
    [
      '<item>',
      element('title', i.title),
      element('link', i.link),
      `<guid isPermaLink="true">${escapeXml(i.link)}</guid>`,
      element('pubDate', rfc822(new Date(i.sentAt))),
      element('description', i.html),
      '</item>',
    ].join(''),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    element('title', c.title),
    element('link', c.link),
    element('description', c.description),
    element('language', c.language),
    element('lastBuildDate', rfc822(now)),
    `<atom:link href="${escapeXml(c.self)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '</channel>',
    '</rss>',
  ].join('\n');
}
