/**
 * The start code of a worker thread running `file` (a sibling module named without extension, e.g.
 * `./import-reader.worker`) of the module at `moduleUrl`, for `new Worker(code, { eval: true })`.
 * Run from TypeScript sources (tsx, tests) it registers tsx first: a thread inherits neither tsx's
 * loader nor an `--import` of it. The build gives `.js` files, imported as they are.
 */
import { fileURLToPath } from 'node:url';

export function threadEntry(moduleUrl: string, file: string): string {
  const fromSources = fileURLToPath(moduleUrl).endsWith('.ts');
  const entry = JSON.stringify(new URL(`${file}.${fromSources ? 'ts' : 'js'}`, moduleUrl).href);
  if (!fromSources) return `import(${entry});`;
  // Resolved here: the worker's own code resolves bare names from the working directory, not from us.
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return `import(${tsx}).then(({ register }) => { register(); return import(${entry}); });`;
}
