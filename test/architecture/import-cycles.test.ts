// Invariant: no module of src/ reaches itself through value imports. A cycle means module order decides
// whether a binding exists yet (a registry empty at start, an undefined import), and it is how features
// end up importing each other. Type-only imports (`import type …`, `export type …`) are erased before
// run time and are left out; `import { type A }` is kept (verbatimModuleSyntax keeps the statement).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles } from './graph.ts';

const SRC = path.resolve(import.meta.dirname, '../../src');

/** Static `import … from '…'`, `export … from '…'` and side-effect `import '…'` statements. */
const IMPORT = /^\s*(import|export)\s+(type\s+)?(?:[^;'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm;

/** The relative specifiers a file imports at run time, resolved to absolute paths. */
function valueImports(file: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const [, , typeOnly, spec] = m;
    if (typeOnly || !spec!.startsWith('.')) continue;
    out.push(path.resolve(path.dirname(file), spec!));
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

describe('the import graph of src/', () => {
  it('reads value imports and skips type-only ones', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from './b.ts';",
      "import {\n  c,\n  type C,\n} from '../c.ts';",
      "export { d } from './d.ts';",
      "export type { E } from './e.ts';",
      "import './side-effect.ts';",
      "import pg from 'pg';",
    ].join('\n');
    const names = valueImports('/x/y/f.ts', text).map((p) => path.relative('/x', p));
    expect(names).toEqual(['y/a.ts', 'c.ts', 'y/d.ts', 'y/side-effect.ts']);
  });

  it('finds a cycle of three and a self-import, and nothing in a tree', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
    expect(
      findCycles(
        new Map([
          ['a', ['b', 'c']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('has no cycle among src/ modules', () => {
    const files = sourceFiles(SRC);
    const graph = new Map(files.map((f) => [f, valueImports(f, readFileSync(f, 'utf8'))]));
    expect(graph.size).toBeGreaterThan(50);
    const cycles = findCycles(graph).map((c) => c.map((f) => path.relative(SRC, f)));
    expect(cycles).toEqual([]);
  });

  it('keeps the infrastructure (deps.ts, config/, db/, jobs/, lib/, mail/) free of run-time imports of features', () => {
    const graph = new Map(sourceFiles(SRC).map((f) => [f, valueImports(f, readFileSync(f, 'utf8'))]));
    // mail/ is infrastructure (transports, MIME, rendering) except its HTTP edge, the /outbox routes
    // over captured mail; config/ holds the settings' sections that config.ts reads; of http/, the
    // rate-limit stores are infrastructure (deps.ts builds the API-key failure counter).
    const infrastructure = (f: string) =>
      /^(deps|config|errors|secrets)\.ts$|^(config|db|jobs|lib)\/|^http\/rate-limit\.ts$|^mail\/(?!captured\/captured\.(routes|schemas|service)\.ts$)/.test(
        path.relative(SRC, f).split(path.sep).join('/'),
      );
    const reached = new Set<string>();
    const stack = [...graph.keys()].filter(infrastructure);
    while (stack.length > 0) {
      for (const next of graph.get(stack.pop()!) ?? []) {
        if (reached.has(next)) continue;
        reached.add(next);
        stack.push(next);
      }
    }
    expect([...reached].filter((f) => !infrastructure(f)).map((f) => path.relative(SRC, f))).toEqual([]);
  });

  it('keeps deps.ts from importing any feature, type imports included (features declare their parts on it)', () => {
    const file = path.join(SRC, 'deps.ts');
    const imported = [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .map((m) => m[3]!)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => path.relative(SRC, path.resolve(SRC, spec)).split(path.sep).join('/'));
    expect(imported.length).toBeGreaterThan(5);
    expect(
      imported.filter((f) => !/^(config|errors|secrets)\.ts$|^(db|jobs|lib|mail)\/|^http\/rate-limit\.ts$/.test(f)),
    ).toEqual([]);
  });
});
