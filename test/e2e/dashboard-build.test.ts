/**
 * `npm start` builds the dashboard before serving when its sources changed (prestart runs
 * scripts/build-web.ts --if-stale): the first run builds index.html and hashed assets, a second
 * run with unchanged sources skips the build.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runNode } from '../fixtures/processes.ts';

const out = mkdtempSync(path.join(tmpdir(), 'mailwright-web-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('building the dashboard when stale', () => {
  it('builds once, then finds the build up to date', async () => {
    const env = { WEB_DIST_DIR: out };
    const first = await runNode('scripts/build-web.ts', ['--if-stale'], env, 120_000);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('dashboard built');
    const index = readFileSync(path.join(out, 'index.html'), 'utf8');
    const scripts = [...index.matchAll(/src="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBe(1);
    expect(existsSync(path.join(out, 'assets', scripts[0]!))).toBe(true);
    expect(readdirSync(path.join(out, 'assets')).some((f) => f.endsWith('.css'))).toBe(true);

    const second = await runNode('scripts/build-web.ts', ['--if-stale'], env, 60_000);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('up to date');
  });
});
