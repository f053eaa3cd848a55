/**
 * Open and click tracking applied to a rendered HTML body: `<a href>` links to the web become signed
 * click links (each may redirect only to the URL signed into it) and an open pixel goes before
 * `</body>`. The tags are read by a single forward scan, so any input takes time linear in its size.
 */
import { clickUrl, openPixelUrl } from '../links.ts';
import { decodeAttribute, escapeHtml, insertBeforeBodyEnd } from './html.ts';

export interface TrackingOptions {
  baseUrl: string;
  secret: string;
  projectId: string;
  emailId: string;
  opens: boolean;
  clicks: boolean;
}

/** Longer URLs stay untracked: their signed token would pass the token length the routes accept. */
const MAX_TRACKED_URL = 2000;

/** The body with click links rewritten (when `clicks`) and the open pixel added (when `opens`). */
export function withTracking(html: string, o: TrackingOptions): string {
  const base = o.baseUrl.replace(/\/+$/, '');
  let out = html;
  if (o.clicks) {
    // Our own pages (the subscription and web version links carry their own token) and links already
    // tracked stay as they are: opening the web version is neither a click nor an open.
    const own = ['/unsubscribe/', '/subscribe/', '/manage/', '/view/', '/t/'].map((p) => (base + p).toLowerCase());
    out = rewriteHrefs(out, (raw) => {
      const url = trackableUrl(raw);
      if (!url || own.some((prefix) => url.toLowerCase().startsWith(prefix))) return undefined;
      return clickUrl(base, o.secret, { p: o.projectId, e: o.emailId, u: url });
    });
  }
  if (o.opens) out = insertBeforeBodyEnd(out, openPixelTag(base, o));
  return out;
}

function openPixelTag(base: string, o: Pick<TrackingOptions, 'secret' | 'projectId' | 'emailId'>): string {
  const src = escapeHtml(openPixelUrl(base, o.secret, { p: o.projectId, e: o.emailId }));
  return `<img src="${src}" width="1" height="1" alt="" style="display:none">`;
}

/** The open pixel's tag exactly as openPixelTag writes it, under any public address (BASE_URL may have changed since). */
const OPEN_PIXEL_TAG =
  /<img src="[^"<>]*\/t\/o\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+" width="1" height="1" alt="" style="display:none">/g;

/** The body without its open pixel: the web version shows the email, and showing it is not an open. */
export function withoutOpenPixel(html: string): string {
  return html.replace(OPEN_PIXEL_TAG, '');
}

/**
 * The absolute http(s) URL a link goes to, as the browser would request it (WHATWG-parsed, so
 * non-ASCII is percent-encoded and fits a Location header), or undefined for anything else.
 */
export function trackableUrl(href: string): string | undefined {
  const trimmed = href.trim();
  if (!/^https?:\/\//i.test(trimmed) || trimmed.length > MAX_TRACKED_URL) return undefined;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Replaces the first `href` of each `<a>` tag for which `rewrite` (given the decoded value) answers a URL. */
export function rewriteHrefs(html: string, rewrite: (href: string) => string | undefined): string {
  const parts: string[] = [];
  let copied = 0;
  let i = html.indexOf('<');
  while (i !== -1) {
    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      if (end === -1) break;
      i = html.indexOf('<', end + 3);
      continue;
    }
    const tag = readTag(html, i);
    if (!tag) break; // an unterminated tag: the rest is left as it is
    const href = tag.name === 'a' ? tag.attrs.find((a) => a.name === 'href') : undefined;
    const next = href && rewrite(decodeAttribute(href.value));
    if (href && next !== undefined) {
      parts.push(html.slice(copied, href.start), `"${escapeHtml(next)}"`);
      copied = href.end;
    }
    i = html.indexOf('<', tag.end);
  }
  parts.push(html.slice(copied));
  return parts.join('');
}

interface Attr {
  name: string;
  value: string;
  /** Where the raw value (quotes included) starts and ends in the HTML. */
  start: number;
  end: number;
}

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
const isLetter = (c: string | undefined) => c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));

/**
 * Reads the markup starting at the `<` at `i` the way the HTML tokenizer does (quoted values may
 * hold `>`): its lower-cased tag name, valued attributes and the index after it; undefined when the
 * input ends inside it. A `<` that starts no tag reads as a one-character nameless tag.
 */
function readTag(html: string, i: number): { name: string; attrs: Attr[]; end: number } | undefined {
  const first = html[i + 1];
  if (first === '!' || first === '?' || (first === '/' && !isLetter(html[i + 2]))) {
    const end = html.indexOf('>', i + 1);
    return end === -1 ? undefined : { name: '', attrs: [], end: end + 1 };
  }
  const nameStart = first === '/' ? i + 2 : i + 1;
  if (!isLetter(html[nameStart])) return { name: '', attrs: [], end: i + 1 };
  let p = nameStart;
  while (p < html.length && !isSpace(html[p]) && html[p] !== '/' && html[p] !== '>') p++;
  const name = first === '/' ? '' : html.slice(nameStart, p).toLowerCase();
  const attrs: Attr[] = [];
  while (p < html.length) {
    const c = html[p];
    if (c === '>') return { name, attrs, end: p + 1 };
    if (isSpace(c) || c === '/') {
      p++;
      continue;
    }
    const attrStart = p++;
    while (p < html.length && !isSpace(html[p]) && !'/>='.includes(html[p]!)) p++;
    const attrName = html.slice(attrStart, p).toLowerCase();
    while (isSpace(html[p])) p++;
    if (html[p] !== '=') continue;
    p++;
    while (isSpace(html[p])) p++;
    const start = p;
    const quote = html[p];
    if (quote === '"' || quote === "'") {
      const close = html.indexOf(quote, p + 1);
      if (close === -1) return undefined;
      p = close + 1;
      attrs.push({ name: attrName, value: html.slice(start + 1, close), start, end: p });
    } else {
      while (p < html.length && !isSpace(html[p]) && html[p] !== '>') p++;
      attrs.push({ name: attrName, value: html.slice(start, p), start, end: p });
    }
  }
  return undefined;
}
