// Invariant: every MARKETING message can carry a footer with working unsubscribe and manage links in
// the contact's language (English when unknown), and no URL or text can break out of its attribute.
import { describe, expect, it } from 'vitest';
import { appendFooter, marketingFooter, pickLocale } from './footer.ts';
import { htmlToPlainText } from './text.ts';

const urls = { unsubscribeUrl: 'https://m.test/unsubscribe/t.k', manageUrl: 'https://m.test/manage/t.k' };

describe('pickLocale', () => {
  it('matches the primary subtag case-insensitively and falls back to English', () => {
    expect(pickLocale('de-AT')).toBe('de');
    expect(pickLocale('DE_at')).toBe('de');
    expect(pickLocale(' fr ')).toBe('fr');
    expect(pickLocale('pt-BR')).toBe('pt');
    expect(pickLocale('ja-JP')).toBe('en');
    expect(pickLocale('')).toBe('en');
    expect(pickLocale(undefined)).toBe('en');
    expect(pickLocale(42)).toBe('en');
    expect(pickLocale('constructor')).toBe('en');
  });
});

describe('marketingFooter', () => {
  it('has both links and the English wording by default', () => {
    const f = marketingFooter(undefined, urls);
    const text = htmlToPlainText(f);
    expect(f).toContain('You received this email because you subscribed.');
    expect(f).toContain(`<a href="${urls.unsubscribeUrl}"`);
    expect(f).toContain(`<a href="${urls.manageUrl}"`);
    expect(f).toMatch(/>Unsubscribe<\/a> &middot; <a [^>]+>Manage preferences<\/a>/);
    expect(f).toContain('text-align:center');
    // The text part comes from the HTML: both links survive the conversion.
    expect(text).toContain(urls.unsubscribeUrl);
    expect(text).toContain(urls.manageUrl);
  });

  it('is localized', () => {
    expect(marketingFooter('de-CH', urls)).toContain('>Abmelden</a>');
    expect(marketingFooter('fr', urls)).toContain('>Se désabonner</a>');
    expect(marketingFooter('es', urls)).toContain('>Darse de baja</a>');
    expect(marketingFooter('it', urls)).toContain('>Annulla l&#39;iscrizione</a>');
    expect(marketingFooter('nl', urls)).toContain('>Afmelden</a>');
  });

  it('leads with the web version link when it is given, localized', () => {
    const withView = { ...urls, webVersionUrl: 'https://m.test/view/e.k' };
    const f = marketingFooter(undefined, withView);
    expect(f).toMatch(
      />View in browser<\/a> &middot; <a [^>]+>Unsubscribe<\/a> &middot; <a [^>]+>Manage preferences<\/a>/,
    );
    expect(f).toContain('<a href="https://m.test/view/e.k"');
    expect(htmlToPlainText(f)).toContain('https://m.test/view/e.k');
    expect(marketingFooter('de', withView)).toContain('>Im Browser ansehen</a>');
    expect(marketingFooter('fr', withView)).toContain('>Voir dans le navigateur</a>');
    expect(marketingFooter('es', withView)).toContain('>Ver en el navegador</a>');
    expect(marketingFooter('en', { ...urls, webVersionUrl: '' })).not.toContain('View in browser');
  });

  it('escapes the URLs in their attributes', () => {
    const f = marketingFooter('en', { unsubscribeUrl: 'https://m.test/u?a=1&b="><script>', manageUrl: 'x' });
    expect(f).toContain('href="https://m.test/u?a=1&amp;b=&quot;&gt;&lt;script&gt;"');
    expect(f).not.toContain('<script>');
  });
});

describe('appendFooter', () => {
  it('inserts before the last </body>, in any case, or appends', () => {
    expect(appendFooter('<html><body>Hi</BODY></html>', '<f>')).toBe('<html><body>Hi<f></BODY></html>');
    expect(appendFooter('<p>Hi</p>', '<f>')).toBe('<p>Hi</p><f>');
    expect(appendFooter('İİ<body>x</body>', '<f>')).toBe('İİ<body>x<f></body>');
    expect(appendFooter('</body', '<f>')).toBe('<f></body');
  });
});
