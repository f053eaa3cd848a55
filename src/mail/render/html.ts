/** Small HTML string helpers shared by the rendering steps (footer, tracking). */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an HTML element or a quoted attribute value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const NAMED: Record<string, string> = {
  amp: '&',
  AMP: '&',
  lt: '<',
  LT: '<',
  gt: '>',
  GT: '>',
  quot: '"',
  QUOT: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/**
 * Decodes the character references an attribute value can carry: numeric ones and the few named ones
 * a URL uses. Like browsers in attributes, only references ended by `;` are decoded; others stay.
 */
export function decodeAttribute(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{2,8});/g, (whole, ref: string) => {
    // hasOwn: a name like `valueOf` must not reach the object's prototype.
    if (ref[0] !== '#') return Object.hasOwn(NAMED, ref) ? NAMED[ref]! : whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    // NUL, surrogates and out-of-range points become U+FFFD, as the HTML parser does.
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
    return String.fromCodePoint(code);
  });
}

/** Inserts `fragment` before the last `</body>` (any case), or appends it when there is none. */
export function insertBeforeBodyEnd(html: string, fragment: string): string {
  // Searched in the original string: lower-casing it can change its length (İ), and so the index.
  for (let at = html.lastIndexOf('</'); at !== -1; at = at === 0 ? -1 : html.lastIndexOf('</', at - 1)) {
    if (html.slice(at + 2, at + 6).toLowerCase() === 'body') return html.slice(0, at) + fragment + html.slice(at);
  }
  return html + fragment;
}
