/**
 * The plain-text part every message carries, derived from its HTML: links as `text [url]` (the URL
 * alone when the text is the URL), images (the open pixel among them) dropped, lines wrapped at 78.
 */
import { compile } from 'html-to-text';

// Layout tables are the norm in email HTML: each cell becomes its own block instead of cells run
// together on one line. Headings keep their case (a contact's name in a heading stays readable).
const convert = compile({
  wordwrap: 78,
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true, linkBrackets: ['[', ']'] } },
    { selector: 'img', format: 'skip' },
    ...['td', 'th'].map((selector) => ({
      selector,
      format: 'block',
      options: { leadingLineBreaks: 1, trailingLineBreaks: 1 },
    })),
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
  ],
});

/** Readable plain text of an HTML body. */
export function htmlToPlainText(html: string): string {
  return convert(html);
}
