/**
 * Build-when-stale, shared by the dashboard and server builds that `npm start` runs first: a hash of
 * every input's name and content is stored beside the output, and a build runs only when it differs.
 * Content, not mtimes: a checkout or a `git stash` touches files without changing them.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Stamped {
  /** Directory the inputs are named from. */
  root: string;
  /** Files and directories (walked recursively) under `root`; a missing one counts as empty. */
  inputs: string[];
  /** Leaves out files of the input directories that the build does not read (tests). */
  skip?: (name: string) => boolean;
  /** Where the hash of the last build's inputs is kept. */
  stampFile: string;
}

/** `entry` if it is a file, else the files under it that `skip` keeps, sorted; named from `root`. */
export function listFiles(root: string, entry: string, skip: (name: string) => boolean = () => false): string[] {
  const full = path.join(root, entry);
  const stat = statSync(full, { throwIfNoEntry: false });
  if (!stat) return [];
  if (stat.isFile()) return [entry];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((dirent) => dirent.isFile())
    .map((dirent) => path.relative(root, path.join(dirent.parentPath, dirent.name)))
    .filter((name) => !skip(name))
    .sort();
}

/** One hash over every input's name and content. */
export function sourceHash({ root, inputs, skip = () => false }: Stamped): string {
  const hash = createHash('sha256');
  for (const name of inputs.flatMap((entry) => listFiles(root, entry, skip)))
    hash
      .update(name)
      .update('\0')
      .update(readFileSync(path.join(root, name)));
  return hash.digest('hex');
}

function builtHash(stampFile: string): string | undefined {
  try {
    return readFileSync(stampFile, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/**
 * Runs `build` unless `ifStale` and the stamp holds the inputs' current hash. The stamp is removed
 * first and written once the build succeeded, so an interrupted or failed build is redone next time.
 */
export async function buildIfStale(
  stamped: Stamped,
  ifStale: boolean,
  build: () => Promise<void>,
): Promise<'built' | 'fresh'> {
  const hash = sourceHash(stamped);
  if (ifStale && builtHash(stamped.stampFile) === hash) return 'fresh';
  // Gone while building: a failed build may have left the output half made, whatever the sources.
  rmSync(stamped.stampFile, { force: true });
  await build();
  writeFileSync(stamped.stampFile, hash);
  return 'built';
}
