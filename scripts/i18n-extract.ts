/**
 * `npm run i18n:extract`: writes the dashboard's catalogs from its source (scripts/i18n/catalogs.ts).
 * `--check` writes nothing and fails when a catalog is out of date, so CI catches a message added
 * without running it. `--area contacts,segments` limits the run to those catalog areas.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { catalogPath, existingAreas, extract, readCatalog, serialize, updatedCatalog } from './i18n/catalogs.ts';
import { LANGUAGES } from './i18n/messages.ts';

const check = process.argv.includes('--check');
const areaFlag = process.argv.indexOf('--area');
const only = areaFlag > 0 ? new Set((process.argv[areaFlag + 1] ?? '').split(',')) : undefined;
const extraction = extract();
const areas = new Map([...extraction.areas].filter(([area]) => !only || only.has(area)));
const built = extraction.built;
const stale: string[] = [];

for (const language of LANGUAGES) {
  for (const [area, messages] of areas) {
    const file = catalogPath(language, area);
    const before = readCatalog(file);
    const after = updatedCatalog(language, messages, before);
    if (serialize(before) === serialize(after)) continue;
    stale.push(path.relative(process.cwd(), file));
    if (!check) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, serialize(after));
    }
  }
  for (const area of existingAreas().get(language) ?? []) {
    if (extraction.areas.has(area) || (only && !only.has(area))) continue;
    stale.push(path.relative(process.cwd(), catalogPath(language, area)));
    if (!check) rmSync(catalogPath(language, area));
  }
}

for (const b of built) console.error(`${b.file}:${b.line}: a message built at run time cannot be extracted: ${b.text}`);
const untranslated = [...areas].flatMap(([area, messages]) =>
  LANGUAGES.filter((l) => l !== 'en').flatMap((l) => {
    const catalog = readCatalog(catalogPath(l, area));
    return messages.filter((m) => !catalog[m.key]).map(() => `${l}/${area}`);
  }),
);
const counts = new Map<string, number>();
for (const u of untranslated) counts.set(u, (counts.get(u) ?? 0) + 1);

if (check) {
  if (stale.length) console.error(`Out of date (run npm run i18n:extract):\n  ${stale.join('\n  ')}`);
} else {
  console.log(stale.length ? `Wrote ${stale.length} catalog files.` : 'Catalogs are up to date.');
}
for (const [where, n] of counts) console.log(`${where}: ${n} messages to translate`);
process.exitCode = (check && stale.length) || built.length ? 1 : 0;
