/**
 * The HTML of the subscription pages: small, self-contained documents (inline CSS, no scripts, no
 * external resources) whose every piece of data is escaped. Pure functions of their input, so the
 * escaping is tested without a server.
 */
import { type Locale, type PageStrings, STRINGS } from './strings.ts';
import { TOPIC_STRINGS } from './topic-strings.ts';

/** A public topic as the preference center lists it, with the contact's state. */
export interface PageTopic {
  id: string;
  name: string;
  description: string | null;
  subscribed: boolean;
}

/** What a page shows about the contact a link names. */
export interface PageContact {
  email: string;
  subscribed: boolean;
  locale: Locale;
  /** The link's token, for the forms that post back to the same link. */
  token: string;
  /** The topic a topic campaign's link names: its pages act on that topic only. */
  topic?: { id: string; name: string };
  /** The public topics (the manage page). */
  topics?: PageTopic[];
  /** The manage page after its form was saved. */
  saved?: boolean;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or an attribute value as HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/**
 * The address as the page shows it: the first character of the local part and the domain
 * (`a***@example.com`), so a forwarded link does not spell out the whole address to whoever opens it.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** A string with `{email}` (and `{topic}`) filled in; all are escaped here, so none can carry markup. */
function say(template: string, email: string, topic = ''): string {
  // Function replacers: a `$` in the address or the name must not act as a replacement pattern.
  return escapeHtml(template)
    .replace('{email}', () => `<strong>${escapeHtml(maskEmail(email))}</strong>`)
    .replace('{topic}', () => escapeHtml(topic));
}

const STYLE = [
  'body{margin:0;background:#f4f4f5;color:#18181b;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}',
  'main{max-width:28rem;margin:10vh auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12)}',
  'h1{font-size:1.4rem;margin:0 0 1rem}',
  'p{margin:0 0 1rem}',
  '.muted{color:#52525b;font-size:.9rem}',
  'button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:8px;background:#18181b;color:#fff;cursor:pointer}',
  'button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}',
  'button.secondary{background:#e4e4e7;color:#18181b}',
  'fieldset{border:0;padding:0;margin:0 0 1rem}legend{font-weight:600;margin-bottom:.5rem}',
].join('');

/** What a page may add to the frame: trusted head markup, search indexing, a class on `<main>`. */
export interface DocumentOptions {
  /** Extra `<head>` elements, built from escaped parts (the archive's feed link). */
  head?: string;
  /** Whether search engines may index it (the public archive); pages reached by a personal link never. */
  indexable?: boolean;
  mainClass?: string;
}

/**
 * A whole self-contained page (inline CSS, no script, nothing loaded); `body` is HTML built from
 * escaped parts, `style` extra CSS of the pages that need more (the sign-up forms).
 */
export function htmlDocument(
  locale: Locale,
  title: string,
  body: string,
  style = '',
  options: DocumentOptions = {},
): string {
  return [
    '<!doctype html>',
    `<html lang="${locale}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    ...(options.indexable ? [] : ['<meta name="robots" content="noindex, nofollow">']),
    `<title>${escapeHtml(title)}</title>`,
    ...(options.head ? [options.head] : []),
    `<style>${STYLE}${style}</style>`,
    '</head>',
    '<body>',
    options.mainClass ? `<main class="${escapeHtml(options.mainClass)}">${body}</main>` : `<main>${body}</main>`,
    '</body>',
    '</html>',
  ].join('\n');
}

/** A form with one button that posts to `/<action>/<token>` on this same server. */
type Action = 'unsubscribe' | 'subscribe';

function button(action: Action, token: string, label: string, secondary = false): string {
  const target = escapeHtml(`/${action}/${encodeURIComponent(token)}`);
  const cls = secondary ? ' class="secondary"' : '';
  return `<form method="post" action="${target}"><button type="submit"${cls}>${escapeHtml(label)}</button></form>`;
}

function page(c: PageContact, title: (s: PageStrings) => string, parts: (s: PageStrings) => string[]): string {
  const s = STRINGS[c.locale];
  return htmlDocument(c.locale, title(s), [`<h1>${escapeHtml(title(s))}</h1>`, ...parts(s)].join('\n'));
}

/** The question page of a GET: asks before changing anything (link scanners and previews follow GETs). */
function askPage(c: PageContact, action: Action): string {
  if (c.topic && action === 'unsubscribe') {
    const ts = TOPIC_STRINGS[c.locale];
    return page(
      c,
      (s) => s.unsubscribeTitle,
      (s) => [
        `<p>${say(ts.unsubscribeQuestion, c.email, c.topic!.name)}</p>`,
        `<p class="muted">${escapeHtml(ts.unsubscribeExplain)}</p>`,
        button('unsubscribe', c.token, s.unsubscribeButton),
      ],
    );
  }
  return page(
    c,
    (s) => s[`${action}Title`],
    (s) => [
      `<p>${say(s[`${action}Question`], c.email)}</p>`,
      `<p class="muted">${escapeHtml(s[`${action}Explain`])}</p>`,
      button(action, c.token, s[`${action}Button`]),
    ],
  );
}

/** GET /unsubscribe. */
export const unsubscribePage = (c: PageContact): string => askPage(c, 'unsubscribe');

/** GET /subscribe. */
export const subscribePage = (c: PageContact): string => askPage(c, 'subscribe');

/** After POST /unsubscribe: the outcome, and a way back in. */
export function unsubscribedPage(c: PageContact): string {
  return page(
    c,
    (s) => s.unsubscribedTitle,
    (s) => [
      `<p>${c.topic ? say(TOPIC_STRINGS[c.locale].unsubscribedBody, c.email, c.topic.name) : say(s.unsubscribedBody, c.email)}</p>`,
      `<p class="muted">${escapeHtml(s.resubscribePrompt)}</p>`,
      button('subscribe', c.token, s.subscribeButton, true),
    ],
  );
}

/** After POST /subscribe. */
export function subscribedPage(c: PageContact): string {
  return page(
    c,
    (s) => s.subscribedTitle,
    (s) => [
      `<p>${c.topic ? say(TOPIC_STRINGS[c.locale].subscribedBody, c.email, c.topic.name) : say(s.subscribedBody, c.email)}</p>`,
      button('unsubscribe', c.token, s.unsubscribeButton, true),
    ],
  );
}

/**
 * GET /manage: the current state and the one button that switches it; with public topics, a form
 * listing them with the contact's state, saved by POST /manage (no script needed), and "unsubscribe
 * from everything".
 */
export function managePage(c: PageContact): string {
  if (c.topics && c.topics.length > 0) return topicManagePage(c, c.topics);
  return page(
    c,
    (s) => s.manageTitle,
    (s) =>
      c.subscribed
        ? [`<p>${say(s.manageSubscribed, c.email)}</p>`, button('unsubscribe', c.token, s.unsubscribeButton)]
        : [`<p>${say(s.manageUnsubscribed, c.email)}</p>`, button('subscribe', c.token, s.subscribeButton)],
  );
}

function topicManagePage(c: PageContact, topics: PageTopic[]): string {
  const ts = TOPIC_STRINGS[c.locale];
  const rows = topics.map((t) => {
    const name = `topic:${t.id}`;
    const about = t.description ? `<br><span class="muted">${escapeHtml(t.description)}</span>` : '';
    const checked = t.subscribed ? ' checked' : '';
    return `<p><label><input type="checkbox" name="${escapeHtml(name)}" value="1"${checked}> ${escapeHtml(t.name)}</label>${about}</p>`;
  });
  const target = escapeHtml(`/manage/${encodeURIComponent(c.token)}`);
  const shown = escapeHtml(topics.map((t) => t.id).join(','));
  return page(
    c,
    (s) => s.manageTitle,
    (s) => [
      ...(c.saved ? [`<p role="status"><strong>${escapeHtml(ts.savedNotice)}</strong></p>`] : []),
      `<p>${say(c.subscribed ? s.manageSubscribed : s.manageUnsubscribed, c.email)}</p>`,
      `<form method="post" action="${target}">`,
      `<input type="hidden" name="shown" value="${shown}">`,
      `<fieldset><legend>${escapeHtml(ts.topicsIntro)}</legend>`,
      ...rows,
      '</fieldset>',
      `<p><button type="submit" name="action" value="save">${escapeHtml(ts.saveButton)}</button></p>`,
      `<p><button type="submit" name="action" value="unsubscribe-all" class="secondary">${escapeHtml(ts.unsubscribeAllButton)}</button></p>`,
      '</form>',
    ],
  );
}

/** A link that names no contact we can act on (bad signature, deleted contact, another project's). */
export function invalidLinkPage(locale: Locale): string {
  const s = STRINGS[locale];
  return htmlDocument(
    locale,
    s.invalidTitle,
    `<h1>${escapeHtml(s.invalidTitle)}</h1>\n<p>${escapeHtml(s.invalidBody)}</p>`,
  );
}
