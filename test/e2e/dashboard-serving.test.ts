/**
 * The server hands the dashboard to browsers without taking any path from the API: every GET under
 * a dashboard section answers index.html (deep links survive a reload), API paths answer JSON to
 * every client, browsers included, and /assets/ serves only files of the build, cached for good.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DASHBOARD_SECTIONS } from '../../web/src/app/sections.ts';
import { DIALECTS, useTestEnv } from '../env.ts';

const dist = mkdtempSync(path.join(tmpdir(), 'mailwright-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Mailwright</title><div id="root"></div>');
writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
writeFileSync(path.join(dist, 'secret.txt'), 'not an asset');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const NAVIGATION = {
  accept: 'text/html,application/xhtml+xml',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
};

describe.each(DIALECTS)('dashboard serving on %s', (dialect) => {
  const t = useTestEnv({ dialect, env: { WEB_DIST_DIR: dist } });

  it('answers index.html for every dashboard section, deep paths and queries included', async () => {
    for (const url of [
      '/',
      '/login',
      '/verify-email?token=abc',
      '/invite?token=x',
      '/p/some-id/contacts/123',
      '/account',
    ]) {
      const res = await t.app.inject({ url, headers: NAVIGATION });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
      // The dashboard's CSP allows remote images in template previews but still no foreign scripts.
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('keeps API paths JSON for a browser navigation as for any client', async () => {
    const p = await t.make.project();
    for (const url of ['/contacts', '/campaigns', '/templates', '/openapi.json', '/health']) {
      const res = await t.app.inject({ url, headers: { ...NAVIGATION, authorization: p.auth } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
    const unknown = await t.app.inject({ url: '/no-such-api-path', headers: NAVIGATION });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toMatch(/NOT_FOUND/);
  });

  it('does not answer other methods on dashboard paths with the page', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/p/x', headers: NAVIGATION, payload: {} });
    expect(res.statusCode).toBe(404);
  });

  it('serves built assets immutably and nothing outside assets/', async () => {
    const js = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/^text\/javascript/);
    expect(js.headers['cache-control']).toContain('immutable');
    expect(js.body).toBe('console.log(1)');
    for (const url of [
      '/assets/..%2Fsecret.txt',
      '/assets/%2e%2e%2fsecret.txt',
      '/assets/missing-1.js',
      '/assets/index-abc123.exe',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('not an asset');
    }
  });
});

describe('dashboard sections', () => {
  it('name every top-level path of the dashboard router, and no path the API owns', async () => {
    const router = readFileSync(new URL('../../web/src/app/router.tsx', import.meta.url), 'utf8');
    const topLevel = [...router.matchAll(/path: '\/([\w-]*)/g)].map((m) => m[1]);
    expect(topLevel.length).toBeGreaterThan(5);
    for (const section of topLevel) expect(DASHBOARD_SECTIONS, section).toContain(section);
    const spec = readFileSync(new URL('../../client/schema.d.ts', import.meta.url), 'utf8');
    const apiSections = new Set([...spec.matchAll(/^ {4}"\/([^/"]*)/gm)].map((m) => m[1]));
    for (const section of DASHBOARD_SECTIONS) if (section) expect(apiSections.has(section), section).toBe(false);
  });
});
