/**
 * The dashboard's translator: i18next with ICU messages. Keys are the English text itself, so the
 * English catalog is the source and a missing translation never shows a key. Catalogs live in
 * `web/src/locales/<language>/<area>.json`, one file per part of the dashboard (written by
 * `npm run i18n:extract`), merged into one namespace when a language loads.
 */
import i18next from 'i18next';
import ICU from 'i18next-icu';
import { initReactI18next } from 'react-i18next';
import { setActiveLanguage } from './active-language.ts';
import { LANGUAGES, type Language } from './languages.ts';

type Catalog = Record<string, string>;

interface LookupKeys {
  addLookupKeys(keys: string[], key: string, code: string, ns: string, options?: { context?: unknown }): string[];
}

/**
 * i18next-icu looks a message up by its key alone, so i18next's contexts (one English word, two
 * translations: `t('From', { context: 'sender' })`, stored under `From_sender`) would fall back to
 * the plain key. This adds the context's key, which i18next tries first (it takes keys from the end).
 */
class IcuWithContext extends (ICU as unknown as new () => LookupKeys) {
  addLookupKeys(keys: string[], key: string, code: string, ns: string, options?: { context?: unknown }): string[] {
    super.addLookupKeys(keys, key, code, ns, options);
    if (typeof options?.context === 'string' && options.context) keys.push(`${key}_${options.context}`);
    return keys;
  }
}

const catalogFiles = import.meta.glob<Catalog>('../locales/*/*.json', { import: 'default' });

/** Messages asked for that no catalog holds (not extracted, or built at run time), read by the browser tests. */
export const missingMessages = new Set<string>();

async function loadCatalog(language: Language): Promise<Catalog> {
  const loads = Object.entries(catalogFiles)
    .filter(([file]) => file.startsWith(`../locales/${language}/`))
    .map(([, load]) => load());
  return Object.assign({}, ...(await Promise.all(loads)));
}

export const i18n = i18next.createInstance();

/**
 * Starts the translator in `language` with these catalogs, as the dashboard runs it (ICU messages,
 * contexts, English keys); no page is touched, so unit tests start it too (test-i18n.ts).
 */
export async function initTranslator(language: Language, catalogs: Partial<Record<Language, Catalog>>): Promise<void> {
  const resources = Object.fromEntries(Object.entries(catalogs).map(([l, c]) => [l, { translation: c }]));
  await i18n
    .use(IcuWithContext as unknown as typeof ICU)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      resources,
      keySeparator: false,
      nsSeparator: false,
      returnEmptyString: false,
      interpolation: { escapeValue: false },
      saveMissing: true,
      missingKeyHandler: (_languages, _ns, key) => {
        missingMessages.add(key);
      },
      react: { useSuspense: false },
    });
  setActiveLanguage(language);
}

/** Loads English and `language`, then starts the translator in `language`. Call once before the first render. */
export async function startI18n(language: Language): Promise<void> {
  const [english, chosen] = await Promise.all([loadCatalog('en'), language === 'en' ? null : loadCatalog(language)]);
  await initTranslator(language, { en: english, ...(chosen ? { [language]: chosen } : {}) });
  (window as unknown as { __mwMissingMessages?: Set<string> }).__mwMissingMessages = missingMessages;
  document.documentElement.lang = language;
}

/** Switches the dashboard's language, loading its catalog the first time. */
export async function switchLanguage(language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', await loadCatalog(language));
  }
  setActiveLanguage(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

/** The language the dashboard speaks now. */
export function currentLanguage(): Language {
  return (i18n.resolvedLanguage ?? i18n.language ?? 'en') as Language;
}
