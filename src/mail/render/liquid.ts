/**
 * Template rendering with LiquidJS. Bodies escape every output as HTML (data from contacts never
 * becomes markup); subjects do not (they are not HTML). `{{ x ?? "fallback" }}` is rewritten to a
 * `fallback` filter that applies only when the value is missing or null. Templates can read no
 * files (the only partials are an empty in-memory map) and run inside LiquidJS's parse, render-time
 * and memory limits, so a hostile template fails with a 422, never stalls a worker.
 */
import { Liquid, type Template } from 'liquidjs';
import { invalid } from '../../errors.ts';

/** Template text longer than this is refused at parse time. */
const PARSE_LIMIT = 512 * 1024;
/** Milliseconds one render may take. */
const RENDER_LIMIT_MS = 250;
/** Renders tried before an overrun of the time limit is the template's fault (see renderTemplate). */
const RENDER_ATTEMPTS = 3;
const TIME_LIMIT_ERROR = /template render limit exceeded/;
/** LiquidJS's memory units (roughly characters and array items) one render may allocate. */
const MEMORY_LIMIT = 8 * 1024 * 1024;

/** How output is escaped: HTML in bodies, nothing in subjects (and webhook headers and bodies), URI components in URLs. */
type Kind = 'subject' | 'body' | 'url';

function engine(outputEscape: ((s: unknown) => string) | 'escape' | undefined): Liquid {
  const liquid = new Liquid({
    // No file system: `include` and `render` only see this empty map, so they fail instead of reading files.
    templates: {},
    relativeReference: false,
    ownPropertyOnly: true,
    outputEscape,
    parseLimit: PARSE_LIMIT,
    renderLimit: RENDER_LIMIT_MS,
    memoryLimit: MEMORY_LIMIT,
    cache: false,
  });
  liquid.registerFilter('fallback', (value: unknown, alt: unknown) =>
    value === undefined || value === null ? alt : value,
  );
  return liquid;
}

const engines: Record<Kind, Liquid> = {
  body: engine('escape'),
  subject: engine(undefined),
  // A value put into a URL cannot add a path, a query parameter or a fragment of its own.
  url: engine((v) => encodeURIComponent(String(v))),
};

/** Parsed templates by text, so a template used for many recipients is parsed once. */
const CACHE_MAX = 500;
const cache = new Map<string, Template[]>();

/**
 * Rewrites `{{ expr ?? alt }}` (the first `??` outside quotes in an output tag) to
 * `{{ expr | fallback: alt }}`. Text outside output tags is left alone.
 */
export function rewriteFallbacks(source: string): string {
  if (!source.includes('??')) return source;
  return source.replace(/\{\{(-?)([\s\S]*?)(-?)\}\}/g, (whole, open: string, inner: string, close: string) => {
    const at = topLevelFallback(inner);
    if (at < 0) return whole;
    return `{{${open}${inner.slice(0, at)}| fallback:${inner.slice(at + 2)}${close}}}`;
  });
}

function topLevelFallback(inner: string): number {
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

function parse(kind: Kind, source: string): Template[] {
  const key = `${kind}\u0000${source}`;
  const hit = cache.get(key);
  if (hit) {
    // Refresh recency: Map iteration order is insertion order.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const parsed = engines[kind].parse(rewriteFallbacks(source));
  cache.set(key, parsed);
  if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!);
  return parsed;
}

function describe(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  // LiquidJS appends the template excerpt on following lines; the first line says what is wrong.
  return message.split('\n')[0]!.slice(0, 300);
}

/** Throws a 422 naming `field` when `source` is not a valid template. */
export function assertTemplateSyntax(field: string, kind: Kind, source: string): void {
  try {
    parse(kind, source);
  } catch (err) {
    throw invalid(field, `Template syntax error: ${describe(err)}`, 'TEMPLATE_SYNTAX');
  }
}

/**
 * Renders `source` with `vars`. A syntax error, or a render that runs out of time or memory, is a
 * 422 naming `field`.
 */
export async function renderTemplate(
  field: string,
  kind: Kind,
  source: string,
  vars: Record<string, unknown>,
): Promise<string> {
  let templates: Template[];
  try {
    templates = parse(kind, source);
  } catch (err) {
    throw invalid(field, `Template syntax error: ${describe(err)}`, 'TEMPLATE_SYNTAX');
  }
  for (let attempt = 1; ; attempt++) {
    try {
      const out = await engines[kind].render(templates, vars);
      return String(out);
    } catch (err) {
      // LiquidJS's time limit is wall time: a process descheduled or paused for GC mid-render fails a
      // template that renders in a millisecond, and a campaign would skip that recipient for good.
      // A template that is really too slow fails every attempt; a stall does not repeat.
      if (attempt < RENDER_ATTEMPTS && TIME_LIMIT_ERROR.test(describe(err))) continue;
      throw invalid(field, `Template could not be rendered: ${describe(err)}`, 'TEMPLATE_RENDER');
    }
  }
}
