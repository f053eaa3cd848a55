/**
 * The Chromium the browser tests drive, found without a set-up step: CHROMIUM_PATH when it is set,
 * Debian's /usr/bin/chromium when it is installed, else the headless Chromium that `npm install`
 * brought inside the @sparticuz/chromium tarball (no download: the browser is in the package),
 * unpacked once into node_modules/.cache. The global setup resolves it and hands it to the workers.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  constants,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createBrotliDecompress } from 'node:zlib';

export interface ChromiumInfo {
  executablePath: string;
  /** Variables the browser needs besides the test process's own (libraries, fonts); often none. */
  env: Record<string, string>;
  source: 'CHROMIUM_PATH' | 'debian' | 'bundled';
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const PACKAGE = '@sparticuz/chromium';

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The browser for this run, by the order above. Unpacks the bundled one when it is the one. */
export async function resolveChromium(
  env: NodeJS.ProcessEnv = process.env,
  debian = DEBIAN_CHROMIUM,
): Promise<ChromiumInfo> {
  if (env.CHROMIUM_PATH) return { executablePath: env.CHROMIUM_PATH, env: {}, source: 'CHROMIUM_PATH' };
  if (executable(debian)) return { executablePath: debian, env: {}, source: 'debian' };
  return unpackBundledChromium();
}

/**
 * The bundled headless Chromium, unpacked into node_modules/.cache/mailwright-chromium/<version> the
 * first time (about 3 s) and reused after. Unpacking goes to a folder of its own that is renamed into
 * place when complete, so a run killed mid-way, or two runs at once, never leave a half browser.
 */
export async function unpackBundledChromium(): Promise<ChromiumInfo> {
  const pkg = packageRoot();
  const { version } = JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8')) as { version: string };
  const cache = path.join(ROOT, 'node_modules/.cache/mailwright-chromium');
  const final = path.join(cache, version);
  if (!existsSync(path.join(final, 'chromium'))) {
    const staging = path.join(cache, `.unpacking-${process.pid}-${randomBytes(4).toString('hex')}`);
    mkdirSync(staging, { recursive: true });
    try {
      await unpackInto(staging, path.join(pkg, 'bin'));
      renameSync(staging, final);
    } catch (err) {
      rmSync(staging, { recursive: true, force: true });
      // Another run renamed its complete copy into place first: use that one.
      if (!existsSync(path.join(final, 'chromium'))) throw err;
    }
  }
  return { executablePath: path.join(final, 'chromium'), env: launchEnv(final), source: 'bundled' };
}

/**
 * Unpacks the package's archives (the browser, its GL libraries, a font, and the NSS libraries it
 * links) into `dir`. The package unpacks into the temp folder, so the temp folder is `dir` meanwhile.
 */
async function unpackInto(dir: string, bin: string): Promise<void> {
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  try {
    const { default: Chromium } = await import('@sparticuz/chromium');
    await Chromium.executablePath(bin);
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  }
  // Unpacked by the package only on Amazon Linux; here the fallback for a machine without NSS.
  const libs = path.join(dir, 'al2023');
  mkdirSync(libs);
  const archive = path.join(dir, 'al2023.tar');
  await pipeline(
    createReadStream(path.join(bin, 'al2023.tar.br')),
    createBrotliDecompress(),
    createWriteStream(archive),
  );
  execFileSync('tar', ['-x', '-f', archive, '-C', libs]);
  rmSync(archive);
}

/** The installed package's folder (its exports name no package.json, so found from its entry point). */
function packageRoot(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve(PACKAGE));
  while (!existsSync(path.join(dir, 'bin', 'chromium.br'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`${PACKAGE} is installed without its browser (bin/chromium.br)`);
    dir = up;
  }
  return dir;
}

/** The machine's own libraries and fonts first; the bundled ones only where the machine has none. */
function launchEnv(dir: string): Record<string, string> {
  const env: Record<string, string> = {};
  const linked = execFileSync('ldd', [path.join(dir, 'chromium')], { encoding: 'utf8' });
  if (linked.includes('not found')) env.LD_LIBRARY_PATH = path.join(dir, 'al2023', 'lib');
  if (!existsSync('/etc/fonts/fonts.conf')) env.FONTCONFIG_PATH = path.join(dir, 'fonts');
  return env;
}
