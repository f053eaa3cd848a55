/**
 * The dashboard's messages as a language's catalogs give them (web/src/locales/<language>/*.json),
 * formatted as the dashboard formats them (ICU), for tests that find buttons and headings by name in
 * any language; and which English messages must never show in another language.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';

const LOCALES = path.resolve(import.meta.dirname, '../../web/src/locales');

export type Language = 'en' | 'de' | 'fr' | 'es';
export const LANGUAGES: Language[] = ['en', 'de', 'fr', 'es'];

/**
 * A message in the language, with its values: `tr('Edit {name}', { name: 'Relay' })`; a message
 * with a context by its key (`tr('From_sender')`).
 */
export type Tr = (message: string, values?: Record<string, string | number>) => string;

/** Every catalog of `language` merged into one map, as the dashboard merges them. */
export function catalog(language: Language): Record<string, string> {
  const dir = path.join(LOCALES, language);
  const merged: Record<string, string> = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    Object.assign(merged, JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, string>);
  }
  return merged;
}

/** The translator of `language`; a message the catalogs do not hold (a seeded name) stays as it is. */
export function translator(language: Language): Tr {
  const messages = catalog(language);
  const english = catalog('en');
  return (message, values) => {
    const text = messages[message] || english[message] || message;
    if (!values && !/[{}]/.test(text)) return text;
    return String(new IntlMessageFormat(text, language, undefined, { ignoreTag: true }).format(values));
  };
}

export const english: Tr = translator('en');

/**
 * English messages that read differently in `language` and appear nowhere as that language's own
 * text: seen on a screen in `language`, they are text nobody translated. Messages with arguments
 * are left out (they never show as written).
 */
export function englishOnly(language: Language): Set<string> {
  const english = catalog('en');
  const foreign = catalog(language);
  const own = new Set(Object.values(foreign));
  const out = new Set<string>();
  for (const [key, translation] of Object.entries(foreign)) {
    const message = english[key] ?? key;
    if (/[{}<]/.test(message) || message.trim().length < 2) continue;
    if (translation !== message && !own.has(message)) out.add(message.trim());
  }
  return out;
}

/**
 * A pattern matching `text` anywhere in a name (or at its start with `anchor` '^'). Any run of
 * spaces matches any other: an accessible name turns French non-breaking spaces into plain ones.
 */
export function like(text: string, anchor: '' | '^' = '', flags = ''): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  return new RegExp(anchor + escaped, flags);
}
