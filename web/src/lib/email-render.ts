/**
 * An email's live preview (templates and campaigns): the source rendered with LiquidJS the way the
 * server renders it (HTML-escaped output in bodies, `{{ x ?? "fallback" }}`, no file access), with
 * sample values for the variables every email has and any sample contact data the user typed.
 */
import { Liquid } from 'liquidjs';
import { i18n } from '../i18n/i18n.ts';

function engine(escapeOutput: boolean): Liquid {
  const liquid = new Liquid({
    templates: {},
    relativeReference: false,
    ownPropertyOnly: true,
    outputEscape: escapeOutput ? 'escape' : undefined,
    parseLimit: 512 * 1024,
    renderLimit: 250,
    cache: false,
  });
  liquid.registerFilter('fallback', (value: unknown, alt: unknown) =>
    value === undefined || value === null ? alt : value,
  );
  return liquid;
}

const engines = { body: engine(true), subject: engine(false) };

/** The variables the server always provides, besides the contact's own data. */
export const BUILT_IN_VARIABLES = [
  'id',
  'email',
  'subscribed',
  'locale',
  'unsubscribeUrl',
  'subscribeUrl',
  'manageUrl',
] as const;

function fallbackAt(inner: string): number {
  let quote = '';
  for (let i = 0; i < inner.length - 1; i++) {
    const ch = inner[i]!;
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '?' && inner[i + 1] === '?') return i;
  }
  return -1;
}

/** `{{ expr ?? alt }}` → `{{ expr | fallback: alt }}` (the first `??` outside quotes); other text unchanged. */
export function rewriteFallbacks(source: string): string {
  if (!source.includes('??')) return source;
  return source.replace(/\{\{(-?)([\s\S]*?)(-?)\}\}/g, (whole, open: string, inner: string, close: string) => {
    const at = fallbackAt(inner);
    if (at < 0) return whole;
    return `{{${open}${inner.slice(0, at)}| fallback:${inner.slice(at + 2)}${close}}}`;
  });
}

/**
 * The contact variables a template reads in its output tags (`{{ firstName }}`, `{{ plan.name ?? "free" }}`
 * → firstName, plan), built-in ones left out, in order of first use.
 */
export function templateVariables(...sources: string[]): string[] {
  const found = new Set<string>();
  const builtIn = new Set<string>(BUILT_IN_VARIABLES);
  for (const source of sources) {
    for (const m of source.matchAll(/\{\{-?\s*([A-Za-z_][\w]*)/g)) {
      const name = m[1]!;
      if (!builtIn.has(name) && name !== 'true' && name !== 'false' && name !== 'nil' && name !== 'null') {
        found.add(name);
      }
    }
  }
  return [...found];
}

/** The values a preview renders with: sample links and the signed-in user's address, then the sample data. */
export function previewVariables(email: string, sample: Record<string, unknown>): Record<string, unknown> {
  return {
    ...sample,
    id: 'preview',
    email,
    subscribed: true,
    locale: typeof sample.locale === 'string' ? sample.locale : 'en',
    unsubscribeUrl: '#unsubscribe',
    subscribeUrl: '#subscribe',
    manageUrl: '#manage',
  };
}

export interface Rendered {
  text: string;
  /** The Liquid error, when the source does not render; `text` is then the source itself. */
  error?: string;
}

/** Renders a subject (`kind: 'subject'`, no escaping) or an HTML body with `vars`. */
export async function renderLiquid(
  kind: 'subject' | 'body',
  source: string,
  vars: Record<string, unknown>,
): Promise<Rendered> {
  try {
    const text = String(await engines[kind].parseAndRender(rewriteFallbacks(source), vars));
    return { text };
  } catch (e) {
    const message = (e as Error).message.split('\n')[0] ?? i18n.t('Liquid error');
    return { text: source, error: message };
  }
}

/** An email's content class: marketing mail gets the unsubscribe footer in the preview. */
export type EmailType = 'MARKETING' | 'HEADLESS' | 'TRANSACTIONAL';

// The footer as the server appends it to mail for a contact without a language (English): it is
// the email's text, not the dashboard's, so it is not translated with the dashboard.
const FOOTER =
  '<div style="margin:32px auto 0;padding:16px;max-width:560px;text-align:center;font:12px/1.5 system-ui,sans-serif;color:#6b7280">' +
  'You received this email because you subscribed.<br>' +
  '<a href="#unsubscribe" style="color:#6b7280;text-decoration:underline">Unsubscribe</a> · ' +
  '<a href="#manage" style="color:#6b7280;text-decoration:underline">Manage preferences</a></div>';

/**
 * The document the preview frame shows: the rendered body, with the unsubscribe footer marketing
 * mail gets appended before `</body>` (or at the end when there is none).
 */
export function previewDocument(html: string, marketing: boolean): string {
  if (!marketing) return html;
  const at = html.search(/<\/body\s*>/i);
  return at < 0 ? html + FOOTER : html.slice(0, at) + FOOTER + html.slice(at);
}
