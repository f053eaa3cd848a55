/**
 * A text block's inline HTML, cleaned by sanitize-html on save: only b strong i em u s a[href] br and
 * span[style] with a few text styles stay (beyond.md §8); `<script>` and anything else go, the text
 * of unknown elements kept, that of script and style dropped. Liquid is set aside before and given back
 * after, whole: `<a href="{{ url ?? "https://…" }}">` keeps its quotes, which Liquid consumes at send time.
 */
import sanitizeHtml from 'sanitize-html';
import { mapOutsideLiquid } from './liquid-text.ts';

const COLOR = [/^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i, /^rgba?\(\s*\d{1,3}(?:\s*,\s*[\d.]+){2,3}\s*\)$/i];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['b', 'strong', 'i', 'em', 'u', 's', 'a', 'br', 'span'],
  allowedAttributes: { a: ['href'], span: ['style'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedStyles: {
    span: {
      color: COLOR,
      'background-color': COLOR,
      'font-weight': [/^(?:bold|normal|[1-9]00)$/],
      'font-style': [/^(?:italic|normal)$/],
      'text-decoration': [/^(?:underline|line-through|none)$/],
      'font-size': [/^\d{1,2}px$/],
    },
  },
  disallowedTagsMode: 'discard',
};

/** `html` with only the inline elements a text block may hold. */
export function sanitizeInline(html: string): string {
  // A token per Liquid stretch that the sanitizer keeps as text or as a relative URL; one made of
  // characters the input cannot hold in that order, since its own copies are numbered past the end.
  const kept: string[] = [];
  const token = (i: number) => `mwliquid${i}x`;
  const protectedHtml = mapOutsideLiquid(
    html,
    (p) => p.replace(/mwliquid(\d+)x/g, 'mwliquid$1_x'),
    (l) => token(kept.push(l) - 1),
  );
  return sanitizeHtml(protectedHtml, OPTIONS).replace(
    /mwliquid(\d+)x/g,
    (whole, i: string) => kept[Number(i)] ?? whole,
  );
}
