// Invariant: the dashboard's writes and cache keys have one home. Only web/src/queries/ (with the
// session's keys in web/src/api/session.ts and the cache's own machinery in api/query-client.ts)
// builds a query key, runs a mutation or changes the cache; screens run a resource's mutation through
// useAction and keep only their reaction. No module of web/src reaches itself through its imports
// (type imports count: they tie modules together as much), no feature imports another feature's
// files, and no file grows past 400 lines.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles } from './graph.ts';

const WEB = path.resolve(import.meta.dirname, '../../web/src');
const KEY_HOMES = [/^queries\//, /^api\/session\.ts$/, /^api\/query-client\.ts$/];

/** What only the key homes may write: a key, a mutation, a change of the cache, the key modules. */
const FORBIDDEN: Array<[string, RegExp]> = [
  ['useMutation(', /\buseMutation\s*\(/],
  ['useQueryClient(', /\buseQueryClient\s*\(/],
  ['queryKey', /\bqueryKey\b/],
  [
    'a cache write',
    /\.(setQueryData|setQueriesData|invalidateQueries|removeQueries|resetQueries|cancelQueries|refetchQueries)\s*\(/,
  ],
  ['an import of queries/keys.ts or affects.ts', /from\s+['"][^'"]*queries\/(keys|affects)\.ts['"]/],
];

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]/g;

function webFiles(): string[] {
  return readdirSync(WEB, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
    .map((e) => path.relative(WEB, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/** The code of a file without its comments, so a comment may name what the code must not do. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** Each place outside the key homes that does what only they may. */
function keyLeaks(files: Array<{ name: string; text: string }>): string[] {
  const leaks: string[] = [];
  for (const { name, text } of files) {
    if (KEY_HOMES.some((home) => home.test(name))) continue;
    const body = code(text);
    for (const [what, pattern] of FORBIDDEN) if (pattern.test(body)) leaks.push(`${name}: ${what}`);
  }
  return leaks;
}

describe('the dashboard’s layers', () => {
  const files = webFiles().map((name) => ({ name, text: readFileSync(path.join(WEB, name), 'utf8') }));

  it('finds a key or a mutation built outside web/src/queries/, and none in comments', () => {
    const leaks = keyLeaks([
      { name: 'features/x/Page.tsx', text: "const m = useMutation({ mutationFn });\nconst k = ['project', id];" },
      { name: 'features/x/Other.tsx', text: 'qc.invalidateQueries({ queryKey: k });' },
      { name: 'features/x/Fine.tsx', text: '// never useMutation( here, nor a queryKey\nconst a = useAction(x);' },
      { name: 'queries/x.ts', text: 'mutationOptions({ mutationKey: k, queryKey: k });' },
    ]);
    expect(leaks).toEqual([
      'features/x/Page.tsx: useMutation(',
      'features/x/Other.tsx: queryKey',
      'features/x/Other.tsx: a cache write',
    ]);
  });

  it('builds query keys and runs mutations only in web/src/queries/', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(keyLeaks(files)).toEqual([]);
  });

  it('has no import circle in web/src', () => {
    const known = new Set(files.map((f) => f.name));
    const graph = new Map(
      files
        .filter((f) => !/\.test\.tsx?$/.test(f.name))
        .map((f) => {
          const targets = [...f.text.matchAll(IMPORT)]
            .map((m) => m[1]!)
            .filter((spec) => spec.startsWith('.'))
            .map((spec) => path.posix.normalize(path.posix.join(path.posix.dirname(f.name), spec)))
            .filter((target) => known.has(target));
          return [f.name, targets] as const;
        }),
    );
    expect(
      findCycles(
        new Map([
          ['a', ['b']],
          ['b', ['a']],
          ['c', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b']]);
    expect(findCycles(graph)).toEqual([]);
  });

  it('keeps each feature to itself: what two features share lives outside features/', () => {
    const featureOf = (name: string) => /^features\/([^/]+)\//.exec(name)?.[1];
    const crossings = files.flatMap((f) => {
      const own = featureOf(f.name);
      if (!own) return [];
      return [...f.text.matchAll(IMPORT)]
        .map((m) => m[1]!)
        .filter((spec) => spec.startsWith('.'))
        .map((spec) => path.posix.normalize(path.posix.join(path.posix.dirname(f.name), spec)))
        .filter((target) => featureOf(target) !== undefined && featureOf(target) !== own)
        .map((target) => `${f.name} → ${target}`);
    });
    expect(crossings).toEqual([]);
  });

  it('keeps every file of web/src under 400 lines', () => {
    const long = files.filter((f) => f.text.split('\n').length > 400).map((f) => f.name);
    expect(long).toEqual([]);
  });
});
