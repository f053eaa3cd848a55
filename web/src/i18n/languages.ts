/** The dashboard's languages and how one is chosen: the account's setting, else the browser's, else English. */

export const LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language named in itself: a person looking for theirs reads it in theirs. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The first of the browser's preferred languages the dashboard speaks ("de-AT" counts as "de"). */
export function browserLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/** The account's choice wins; without one, the browser decides. */
export function chooseLanguage(accountSetting: string | null | undefined, preferred: readonly string[]): Language {
  return isLanguage(accountSetting) ? accountSetting : browserLanguage(preferred);
}
