// Invariant: attribute values decode as a browser decodes them (only `;`-terminated references), so
// the URL we sign is the one the reader would have followed.
import { describe, expect, it } from 'vitest';
import { decodeAttribute, escapeHtml } from './html.ts';

describe('decodeAttribute', () => {
  it('decodes numeric and common named references', () => {
    expect(decodeAttribute('a&amp;b&#38;c&#x26;d&lt;&GT;&quot;&apos;')).toBe('a&b&c&d<>"\'');
  });

  it('keeps unknown, unterminated and prototype-named references as written', () => {
    expect(decodeAttribute('?a=1&copy=2&amp')).toBe('?a=1&copy=2&amp');
    expect(decodeAttribute('&valueOf;&constructor;&bogus;')).toBe('&valueOf;&constructor;&bogus;');
  });

  it('turns NUL, surrogates and out-of-range code points into U+FFFD', () => {
    expect(decodeAttribute('&#0;&#xD800;&#1114112;')).toBe('\ufffd\ufffd\ufffd');
  });
});

describe('escapeHtml', () => {
  it('escapes the five special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
