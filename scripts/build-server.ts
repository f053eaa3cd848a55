/**
 * Compiles the server for `npm start` with esbuild: each non-test file of src/ into dist-server/ as
 * a .js file and a source map, in the same tree, in about a second and without a type check (`npm
 * run typecheck` does that; `npm run build` is the type-checked production build into dist/).
 * Relative `.ts` imports become `.js` and packages stay imports from node_modules, so every path
 * built from `import.meta.url` (the dashboard at `../../web/dist`, the CSV reader's worker file)
 * finds what it finds from src/. With --if-stale it builds only when its inputs changed.
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { buildIfStale, listFiles } from './source-stamp.ts';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
/** Where `npm start` runs the server from. */
export const SERVER_DIST = path.join(root, 'dist-server');
const isTest = (name: string) => name.endsWith('.test.ts');

/** Keeps each relative import as an import of the compiled file; fails on one that is not compiled. */
function compiledSiblings(entries: Set<string>): Plugin {
  return {
    name: 'compiled-siblings',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, ({ path: spec, importer }) => {
        if (!entries.has(path.resolve(path.dirname(importer), spec)))
          return { errors: [{ text: `${spec} is not a non-test .ts file of src/` }] };
        return { path: spec.replace(/\.ts$/, '.js'), external: true };
      });
    },
  };
}

async function compile(outDir: string): Promise<void> {
  const { build } = await import('esbuild');
  const entries = new Set(
    listFiles(root, 'src', isTest)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => path.join(root, name)),
  );
  // A clean directory: a file removed from src/ must not stay importable.
  rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: [...entries],
    outbase: path.join(root, 'src'),
    outdir: outDir,
    // Bundling only so that the plugin sees every import; each one stays an import.
    bundle: true,
    packages: 'external',
    plugins: [compiledSiblings(entries)],
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Maps for `node --enable-source-maps`; without the sources' text (node reads src/ for it).
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'warning',
  });
  // Ignored by git wherever it is built (the tests build into temporary siblings of src/).
  writeFileSync(path.join(outDir, '.gitignore'), '*\n');
}

/**
 * Compiles src/ into `outDir` unless `ifStale` and the last build there came from the same src/,
 * tsconfig.json, package files and this script. `outDir` must sit in the repository root: packages
 * resolve from its node_modules and the dashboard is found at `<outDir>/../web/dist`.
 */
export function buildServer(ifStale: boolean, outDir = SERVER_DIST): Promise<'built' | 'fresh'> {
  if (path.dirname(path.resolve(outDir)) !== root) throw new Error(`${outDir} is not a directory of ${root}`);
  const stamped = {
    root,
    inputs: ['src', 'tsconfig.json', 'package.json', 'package-lock.json', 'scripts/build-server.ts'],
    skip: isTest,
    stampFile: path.join(outDir, '.source-hash'),
  };
  return buildIfStale(stamped, ifStale, () => compile(outDir));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await buildServer(process.argv.includes('--if-stale'));
  console.log(result === 'built' ? `server compiled into ${SERVER_DIST}` : 'server build is up to date');
}
