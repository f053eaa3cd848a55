// Invariant: the subscription pages never carry markup from data (address, token, locale) and speak
// the contact's language when we have it, English otherwise.
import { describe, expect, it } from 'vitest';
import { escapeHtml, invalidLinkPage, managePage, maskEmail, unsubscribePage } from './pages.ts';
import { localeFromAcceptLanguage, resolveLocale, STRINGS } from './strings.ts';

describe('resolveLocale', () => {
  it('takes the primary subtag of a known language and falls back to English', () => {
    expect(resolveLocale('de')).toBe('de');
    expect(resolveLocale('de-AT')).toBe('de');
    expect(resolveLocale('FR_ca')).toBe('fr');
    expect(resolveLocale(' es ')).toBe('es');
    expect(resolveLocale('pt-BR')).toBe('en');
    expect(resolveLocale('')).toBe('en');
    expect(resolveLocale(42)).toBe('en');
    expect(resolveLocale(undefined)).toBe('en');
    expect(resolveLocale('"><script>')).toBe('en');
  });

  it('reads the first known language of an Accept-Language header', () => {
    expect(localeFromAcceptLanguage('pt-BR,de;q=0.8,en;q=0.5')).toBe('de');
    expect(localeFromAcceptLanguage('en-GB,de;q=0.8')).toBe('en');
    expect(localeFromAcceptLanguage(undefined)).toBe('en');
  });
});

describe('pages', () => {
  const evil = { email: `"<script>x</script>"@ex.test`, subscribed: true, locale: 'en' as const, token: 'a.b"><i>' };

  it('escapes the address and the token wherever they appear', () => {
    for (const html of [unsubscribePage(evil), managePage(evil)]) {
      expect(html).not.toContain('<script');
      expect(html).not.toContain('<i>');
      expect(html).toContain('action="/unsubscribe/a.b%22%3E%3Ci%3E"');
    }
    expect(escapeHtml(`<a href='x'>&"`)).toBe('&lt;a href=&#39;x&#39;&gt;&amp;&quot;');
  });

  it('masks the local part of the address, and a $ in it is not a replacement pattern', () => {
    expect(maskEmail('ann@example.com')).toBe('a***@example.com');
    expect(maskEmail('nonsense')).toBe('***');
    expect(unsubscribePage({ ...evil, email: "$'x@ex.test" })).toContain('<strong>$***@ex.test</strong>');
  });

  it('declares its language, loads nothing and runs nothing', () => {
    const html = unsubscribePage({ ...evil, locale: 'de' });
    expect(html).toContain('<html lang="de">');
    expect(html).toContain(STRINGS.de.unsubscribeButton);
    expect(html).not.toMatch(/<script|<link|src=|https?:/i);
    expect(invalidLinkPage('fr')).toContain(STRINGS.fr.invalidBody.replace("'", '&#39;'));
  });
});
