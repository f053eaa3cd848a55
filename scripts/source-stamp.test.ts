// Invariant: a stale-checked build (`npm start`'s server and dashboard) runs exactly when an input's
// name or content changed since the last successful build: not for a touched file, nor for a
// skipped one, and again after a build that failed.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildIfStale } from './source-stamp.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A project with src/a.ts, src/deep/b.ts, src/a.test.ts and a config file; answers its stamped build. */
function project() {
  const root = mkdtempSync(path.join(tmpdir(), 'mailwright-stamp-'));
  dirs.push(root);
  mkdirSync(path.join(root, 'src/deep'), { recursive: true });
  const write = (name: string, text: string) => writeFileSync(path.join(root, name), text);
  write('src/a.ts', 'a');
  write('src/deep/b.ts', 'b');
  write('src/a.test.ts', 'test');
  write('config.json', '{}');
  const stamped = {
    root,
    inputs: ['src', 'config.json', 'absent.json'],
    skip: (name: string) => name.endsWith('.test.ts'),
    stampFile: path.join(root, '.stamp'),
  };
  let builds = 0;
  const build = (fail = false) =>
    buildIfStale(stamped, true, async () => {
      builds++;
      if (fail) throw new Error('build failed');
    });
  return { root, write, build, builds: () => builds };
}

describe('buildIfStale', () => {
  it('builds the first time, then not while nothing changed', async () => {
    const p = project();
    expect(await p.build()).toBe('built');
    expect(await p.build()).toBe('fresh');
    expect(p.builds()).toBe(1);
  });

  it('builds again when a file changes, appears or goes, and not when one is only touched', async () => {
    const p = project();
    await p.build();
    utimesSync(path.join(p.root, 'src/a.ts'), new Date(), new Date(Date.now() + 60_000));
    expect(await p.build()).toBe('fresh');
    p.write('src/deep/b.ts', 'b2');
    expect(await p.build()).toBe('built');
    p.write('src/deep/c.ts', 'c');
    expect(await p.build()).toBe('built');
    rmSync(path.join(p.root, 'src/deep/c.ts'));
    expect(await p.build()).toBe('built');
    p.write('absent.json', '{}');
    expect(await p.build()).toBe('built');
    expect(p.builds()).toBe(5);
  });

  it('ignores skipped files', async () => {
    const p = project();
    await p.build();
    p.write('src/a.test.ts', 'another test');
    expect(await p.build()).toBe('fresh');
  });

  it('builds again after a build that failed, also when the sources went back to the last good ones', async () => {
    const p = project();
    await p.build();
    p.write('src/a.ts', 'a2');
    await expect(p.build(true)).rejects.toThrow('build failed');
    p.write('src/a.ts', 'a');
    expect(await p.build()).toBe('built');
  });
});
