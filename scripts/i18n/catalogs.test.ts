/**
 * Every message of the dashboard is in all four catalogs, translated, and well-formed: the catalogs
 * match the source (nothing added without `npm run i18n:extract`), no translation is empty, every
 * translation parses as an ICU message with the same arguments as the English, and no text a person
 * reads is written outside the translator.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { catalogPath, existingAreas, extract, readCatalog, sourceFiles, WEB_SRC } from './catalogs.ts';
import { literalsIn } from './literals.ts';
import { LANGUAGES, messagesIn } from './messages.ts';

/** The argument names an ICU message uses, nested plural/select branches included. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const e of elements) {
    if (e.type === TYPE.literal || e.type === TYPE.pound) continue;
    into.add(e.value);
    if (e.type === TYPE.plural || e.type === TYPE.select) {
      for (const option of Object.values(e.options)) argumentsOf(option.value, into);
    }
    if (e.type === TYPE.tag) argumentsOf(e.children, into);
  }
  return into;
}

const { areas, built } = extract();

describe('dashboard catalogs', () => {
  it('finds the messages the source writes', () => {
    const source =
      "t('Save {name}', { name }); msg(`Contacts`); i18n.t('One'); t('From', { context: 'sender' }); t(msg('To', 'date'))";
    expect(messagesIn('x.tsx', source).messages).toEqual([
      { key: 'Save {name}', message: 'Save {name}' },
      { key: 'Contacts', message: 'Contacts' },
      { key: 'One', message: 'One' },
      { key: 'From_sender', message: 'From' },
      { key: 'To_date', message: 'To' },
    ]);
    expect(literalsIn('x.tsx', "<p title='Open it'>Hello there</p>").map((l) => l.text)).toEqual([
      'Open it',
      'Hello there',
    ]);
    expect(literalsIn('x.tsx', "<p title={t('Open it')}>{t('Hello')}<code>sk_live</code></p>")).toEqual([]);
  });

  it('match the source in every language (run npm run i18n:extract)', () => {
    const stale: string[] = [];
    for (const language of LANGUAGES) {
      for (const [area, messages] of areas) {
        const keys = Object.keys(readCatalog(catalogPath(language, area))).sort();
        if (JSON.stringify(keys) !== JSON.stringify(messages.map((m) => m.key))) stale.push(`${language}/${area}`);
      }
      for (const area of existingAreas().get(language) ?? []) if (!areas.has(area)) stale.push(`${language}/${area}`);
    }
    expect(stale).toEqual([]);
    expect(built).toEqual([]);
  });

  it('have every message translated, with the arguments of the English', () => {
    const problems: string[] = [];
    for (const [area, messages] of areas) {
      for (const language of LANGUAGES) {
        const catalog = readCatalog(catalogPath(language, area));
        for (const { key, message } of messages) {
          const translation = catalog[key];
          if (!translation) {
            problems.push(`${language}/${area}: no translation of "${key}"`);
            continue;
          }
          try {
            const want = [...argumentsOf(parse(message, { ignoreTag: true }))].sort();
            const got = [...argumentsOf(parse(translation, { ignoreTag: true }))].sort();
            if (JSON.stringify(want) !== JSON.stringify(got)) {
              problems.push(`${language}/${area}: "${translation}" uses {${got}} where the English uses {${want}}`);
            }
          } catch (e) {
            problems.push(`${language}/${area}: "${translation}" is not an ICU message (${(e as Error).message})`);
          }
        }
      }
    }
    expect(problems.slice(0, 50)).toEqual([]);
  });

  it('give one message the same translation in every area (they load into one namespace)', () => {
    const conflicts: string[] = [];
    for (const language of LANGUAGES) {
      const seen = new Map<string, { area: string; translation: string }>();
      for (const area of areas.keys()) {
        for (const [message, translation] of Object.entries(readCatalog(catalogPath(language, area)))) {
          // An empty translation is reported by the test above.
          if (!translation) continue;
          const first = seen.get(message);
          if (!first) seen.set(message, { area, translation });
          else if (first.translation !== translation) {
            conflicts.push(
              `${language}: "${message}" is "${first.translation}" in ${first.area}, "${translation}" in ${area}`,
            );
          }
        }
      }
    }
    expect(conflicts.slice(0, 50), `${conflicts.length} conflicts`).toEqual([]);
  });

  it('leave no text outside the translator', () => {
    const found = sourceFiles().flatMap((file) =>
      literalsIn(file, readFileSync(path.join(WEB_SRC, file), 'utf8')).map((l) => `${file}:${l.line}: ${l.text}`),
    );
    expect(found.slice(0, 80), `${found.length} untranslated texts`).toEqual([]);
  });
});
