/**
 * The dashboard's catalogs against its source: `web/src/locales/<language>/<area>.json`, flat maps
 * from the English message to its translation. English maps each message to itself; a message new in
 * the source gets an empty translation in the other languages, which the catalog test refuses until
 * someone translates it; a message gone from the source leaves every catalog.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { areaOf, type Found, LANGUAGES, type Message, messagesIn } from './messages.ts';

export type Catalog = Record<string, string>;

export const WEB_SRC = path.resolve(import.meta.dirname, '../../web/src');
export const LOCALES = path.join(WEB_SRC, 'locales');

/** Every source file of the dashboard (tests and catalogs aside), relative to web/src. */
export function sourceFiles(root = WEB_SRC): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'locales') walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        out.push(path.relative(root, full).split(path.sep).join('/'));
      }
    }
  };
  walk(root);
  return out.sort();
}

export interface Extraction {
  /** area → the messages its files write, sorted by key. */
  areas: Map<string, Message[]>;
  /** Translator calls with messages built at run time, by file. */
  built: Array<{ file: string; line: number; text: string }>;
}

/** Reads every message of the dashboard's source. */
export function extract(root = WEB_SRC): Extraction {
  const sets = new Map<string, Map<string, string>>();
  const built: Extraction['built'] = [];
  for (const file of sourceFiles(root)) {
    const found: Found = messagesIn(file, readFileSync(path.join(root, file), 'utf8'));
    const area = areaOf(file);
    const set = sets.get(area) ?? new Map<string, string>();
    for (const m of found.messages) set.set(m.key, m.message);
    sets.set(area, set);
    for (const b of found.built) built.push({ file, ...b });
  }
  const areas = new Map<string, Message[]>();
  for (const [area, set] of [...sets].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...set.keys()].sort();
    if (set.size)
      areas.set(
        area,
        sorted.map((key) => ({ key, message: set.get(key)! })),
      );
  }
  return { areas, built };
}

export function catalogPath(language: string, area: string, locales = LOCALES): string {
  return path.join(locales, language, `${area}.json`);
}

export function readCatalog(file: string): Catalog {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Catalog) : {};
}

/** The catalog an area should have in `language`, keeping every translation already made. */
export function updatedCatalog(language: string, messages: Message[], existing: Catalog): Catalog {
  const next: Catalog = {};
  for (const { key, message } of messages) next[key] = language === 'en' ? message : (existing[key] ?? '');
  return next;
}

/** Every catalog file that exists, as language → area names. */
export function existingAreas(locales = LOCALES): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const language of LANGUAGES) {
    const dir = path.join(locales, language);
    out.set(
      language,
      existsSync(dir)
        ? readdirSync(dir)
            .filter((f) => f.endsWith('.json'))
            .map((f) => f.slice(0, -5))
        : [],
    );
  }
  return out;
}

export function serialize(catalog: Catalog): string {
  return `${JSON.stringify(catalog, null, 2)}\n`;
}
