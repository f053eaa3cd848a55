// Invariant: the plain-text part says what the HTML says, with every link's destination visible and
// nothing of markup, scripts, styles or images (the tracking pixel included).
import { describe, expect, it } from 'vitest';
import { htmlToPlainText } from './text.ts';

describe('htmlToPlainText', () => {
  it('writes links as text [url] with entities decoded', () => {
    expect(htmlToPlainText('<p>Read <a href="https://x.test/a?b=1&amp;c=2">the post</a>.</p>')).toBe(
      'Read the post [https://x.test/a?b=1&c=2].',
    );
  });

  it('does not repeat a URL that is already the link text', () => {
    expect(htmlToPlainText('<a href="https://x.test/">https://x.test/</a>')).toBe('https://x.test/');
  });

  it('drops images, the tracking pixel, scripts, styles and the head', () => {
    const text = htmlToPlainText(
      '<html><head><title>T</title><style>p{color:red}</style></head><body><p>Hello</p>' +
        '<img src="https://x.test/logo.png" alt="Logo"><script>alert(1)</script>' +
        '<img src="http://localhost:3000/t/o/abc.def" width="1" height="1" alt="" style="display:none"></body></html>',
    );
    expect(text).toBe('Hello');
  });

  it('keeps heading case, lists and table cells apart', () => {
    const text = htmlToPlainText(
      '<h1>Hi Ann McDonald</h1><ul><li>one</li><li>two</li></ul><table><tr><td>left</td><td>right</td></tr></table>',
    );
    expect(text).toBe('Hi Ann McDonald\n\n * one\n * two\n\nleft\nright');
  });

  it('wraps long lines at 78 characters', () => {
    const text = htmlToPlainText(`<p>${'word '.repeat(60)}</p>`);
    for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(78);
    expect(text.split('\n').length).toBeGreaterThan(1);
  });

  it('turns an empty body into empty text', () => {
    expect(htmlToPlainText('')).toBe('');
  });
});
