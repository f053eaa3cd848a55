/**
 * A text block's HTML between the block document and the text editor (Tiptap). The document holds
 * inline HTML only (`b strong i em u s a[href] br span[style]`, what the API's sanitizer keeps);
 * Tiptap works in paragraphs. Into the editor the text is one paragraph whose line breaks are hard
 * breaks; out of it each paragraph becomes a line, and any tag or attribute the API would strip is
 * dropped here first, so what the editor shows is what a save keeps. Pure, unit-tested.
 */

const KEPT_TAGS = new Set(['b', 'strong', 'i', 'em', 'u', 's', 'a', 'br', 'span']);
const KEPT_ATTRIBUTE: Record<string, string> = { a: 'href', span: 'style' };
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b([^>]*)>/g;

/** The text block's HTML as the editor's content: one paragraph, `<br>`s as hard breaks. */
export function toEditorHtml(inline: string): string {
  return `<p>${inline}</p>`;
}

/** The editor's HTML (paragraphs) as a text block's inline HTML: paragraphs joined by `<br>`. */
export function fromEditorHtml(html: string): string {
  const paragraphs = html
    .split(/<\/p>\s*/i)
    .map((p) => p.replace(/^\s*<p\b[^>]*>/i, ''))
    .filter((p, i, all) => i < all.length - 1 || p !== '');
  return keepInline(paragraphs.join('<br>')).replace(/(<br>)+$/, '');
}

/** `html` with only the inline tags and attributes a text block may hold; other tags go, their text stays. */
export function keepInline(html: string): string {
  return html.replace(TAG, (_whole, close: string, rawName: string, attrs: string) => {
    const name = rawName.toLowerCase();
    if (!KEPT_TAGS.has(name)) return '';
    if (name === 'br') return close ? '' : '<br>';
    if (close) return `</${name}>`;
    const attribute = KEPT_ATTRIBUTE[name];
    const value = attribute ? attributeValue(attrs, attribute) : undefined;
    return value === undefined ? `<${name}>` : `<${name} ${attribute}="${value}">`;
  });
}

/** The raw (still escaped) value of attribute `name` in a tag's attribute text. */
function attributeValue(attrs: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(attrs);
  if (!m) return undefined;
  return (m[1] ?? m[2] ?? '').replace(/"/g, '&quot;');
}

/** The Liquid output tag that prints a contact field (`data.firstName` → `{{ firstName }}`). */
export function liquidField(field: string): string {
  // The renderer gives a contact's data at the top level, beside id, email and subscribed.
  return `{{ ${field.replace(/^data\./, '')} }}`;
}
