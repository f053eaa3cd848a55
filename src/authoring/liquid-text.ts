/**
 * Text that carries Liquid, written into MJML or HTML: what is outside Liquid's `{{ }}` and `{% %}`
 * is escaped; what is inside is left for Liquid, which runs at send time with its output escaped.
 */
import { decodeAttribute } from '../mail/render/html.ts';

const LIQUID = /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g;

/** Applies `f` to the stretches of `s` outside Liquid, and `inside` (identity by default) to the Liquid. */
export function mapOutsideLiquid(s: string, f: (plain: string) => string, inside = (l: string) => l): string {
  let out = '';
  let last = 0;
  for (const m of s.matchAll(LIQUID)) {
    out += f(s.slice(last, m.index)) + inside(m[0]);
    last = m.index + m[0].length;
  }
  return out + f(s.slice(last));
}

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** Plain text with Liquid as element content. */
export function escapeText(s: string): string {
  return mapOutsideLiquid(s, (p) => p.replace(/[&<>]/g, (c) => TEXT_ESCAPES[c]!));
}

/**
 * Text with Liquid as a double-quoted attribute value: quotes inside Liquid (`{{ url ?? "…" }}`) are
 * escaped too, so the attribute stays whole until restoreLiquid() gives them back after the compile.
 */
export function escapeAttribute(s: string): string {
  const quote = (p: string) => p.replace(/[&<>"]/g, (c) => (c === '"' ? '&quot;' : TEXT_ESCAPES[c]!));
  return mapOutsideLiquid(s, quote, (l) => l.replace(/"/g, '&quot;'));
}

/** Decodes character references inside Liquid (a sanitizer or MJML writes `>` there as `&gt;`). */
export function restoreLiquid(s: string): string {
  return s.replace(LIQUID, (m) => decodeAttribute(m));
}

/** Whether `s` holds Liquid. */
export const hasLiquid = (s: string) => /\{\{|\{%/.test(s);
