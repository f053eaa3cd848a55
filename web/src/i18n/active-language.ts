/**
 * The language the dashboard speaks now, for code that formats without React (dates, numbers):
 * kept here, apart from the translator, so formatting helpers stay plain functions.
 */
import type { Language } from './languages.ts';

let active: Language = 'en';

export function activeLanguage(): Language {
  return active;
}

export function setActiveLanguage(language: Language): void {
  active = language;
}

/** One formatter per language and options, made the first time it is asked for (Intl objects are costly to build). */
export function perLanguage<F>(make: (language: Language) => F): () => F {
  const made = new Map<Language, F>();
  return () => {
    let f = made.get(active);
    if (!f) {
      f = make(active);
      made.set(active, f);
    }
    return f;
  };
}
