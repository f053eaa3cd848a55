// Invariant: the translator formats ICU messages in the active language, looks up a message's
// context key before the plain one (i18next-icu alone would not), falls back to English, and the
// language is the account's choice, else the browser's first one the dashboard speaks, else English.
import { beforeAll, describe, expect, it } from 'vitest';
import { formatNumber } from '../lib/format.ts';
import { i18n, initTranslator } from './i18n.ts';
import { browserLanguage, chooseLanguage } from './languages.ts';

describe('the dashboard translator', () => {
  beforeAll(() =>
    initTranslator('de', {
      en: { From: 'From', From_sender: 'From', Only: 'Only', '{n, plural, one {# contact} other {# contacts}}': '' },
      de: {
        From: 'Von',
        From_sender: 'Absender',
        '{n, plural, one {# contact} other {# contacts}}': '{n, plural, one {# Kontakt} other {# Kontakte}}',
      },
    }),
  );

  it('looks the context key up first, and the plain key without one', () => {
    expect(i18n.t('From', { context: 'sender' })).toBe('Absender');
    expect(i18n.t('From')).toBe('Von');
    expect(i18n.t('From', { context: 'unknown' })).toBe('Von');
  });

  it('formats plurals and numbers in the language, and falls back to English', () => {
    expect(i18n.t('{n, plural, one {# contact} other {# contacts}}', { n: 1234 })).toBe('1.234 Kontakte');
    expect(formatNumber(1234)).toBe('1.234');
    expect(i18n.t('Only')).toBe('Only');
  });

  it('chooses the account language, else the browser’s, else English', () => {
    expect(chooseLanguage('fr', ['de-DE'])).toBe('fr');
    expect(chooseLanguage(null, ['it-IT', 'es-MX', 'de'])).toBe('es');
    expect(chooseLanguage('xx', ['pt-BR'])).toBe('en');
    expect(browserLanguage(['DE-at'])).toBe('de');
  });
});
