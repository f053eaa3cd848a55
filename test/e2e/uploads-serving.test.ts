// Invariant: GET /uploads/:file serves an upload to anyone (its URL is in sent emails), answers a
// matching If-None-Match with 304, and answers 404 for every name that is not exactly `<id>.<ext>`
// of a stored upload, before touching the file system. Listing and deleting are the project's own;
// a deleted image stops being served. Staging files a crash left behind are pruned.
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pruneUploadStaging } from '../../src/uploads/staging.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { expectError } from './support.ts';
import {
  GIF87,
  GIF89,
  JPEG,
  listUploads,
  PNG,
  pathOf,
  stagingFiles,
  storedFiles,
  uploadImage,
  WEBP,
} from './uploads-helpers.ts';

for (const dialect of DIALECTS) {
  describe(`serving and managing uploads on ${dialect}`, () => {
    const t = useTestEnv({ dialect });
    const dir = () => t.config.uploads.dir;

    it('answers a revalidation with the same ETag with 304 and no body, still with the safe headers', async () => {
      const p = await t.make.project();
      const { url } = (await uploadImage(t.app, { authorization: p.auth }, { content: PNG })).json();
      const first = await t.app.inject({ url: pathOf(url) });
      const etag = first.headers.etag as string;
      const again = await t.app.inject({ url: pathOf(url), headers: { 'if-none-match': `"other", ${etag}` } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers).toMatchObject({
        etag,
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
        'cache-control': first.headers['cache-control'],
      });
      const head = await t.app.inject({ method: 'HEAD', url: pathOf(url), headers: { 'if-none-match': etag } });
      expect(head.statusCode).toBe(304);
      const changed = await t.app.inject({ url: pathOf(url), headers: { 'if-none-match': '"other"' } });
      expect(changed.statusCode).toBe(200);
    });

    it('answers 404 UPLOAD_NOT_FOUND for unknown ids and for any name that is not <id>.<ext>', async () => {
      const p = await t.make.project();
      const { id } = (await uploadImage(t.app, { authorization: p.auth }, { content: PNG })).json();
      const names = [
        '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.png',
        `${id}.jpg`,
        `${id}.html`,
        `${id}.PNG`,
        id,
        `${id.toUpperCase()}.png`,
        `${id}.png.html`,
        '..%2F..%2Fmailwright.db',
        '..%2F.staging',
        '.staging',
        '%2Fetc%2Fpasswd',
        'x'.repeat(300),
      ];
      for (const name of names) {
        const res = await t.app.inject({ url: `/uploads/${name}` });
        expectError(res, 404, 'UPLOAD_NOT_FOUND');
      }
    });

    it("serves another project's image to anyone, but lists and deletes only the project's own", async () => {
      const a = await t.make.project();
      const b = await t.make.project();
      const up = (await uploadImage(t.app, { authorization: a.auth }, { content: GIF89 })).json();
      for (const headers of [{}, { authorization: b.auth }]) {
        const res = await t.app.inject({ url: pathOf(up.url), headers });
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.equals(GIF89)).toBe(true);
      }
      expect(await listUploads(t.app, b.auth)).toEqual({ data: [], cursor: '', hasMore: false, total: 0 });
      expect((await listUploads(t.app, a.auth)).data).toEqual([
        { id: up.id, url: up.url, contentType: 'image/gif', size: GIF89.length, createdAt: expect.any(String) },
      ]);
      const byB = await t.app.inject({
        method: 'DELETE',
        url: `/uploads/${up.id}`,
        headers: { authorization: b.auth },
      });
      expectError(byB, 404, 'UPLOAD_NOT_FOUND');
      expect((await t.app.inject({ url: pathOf(up.url) })).statusCode).toBe(200);

      const byA = await t.app.inject({
        method: 'DELETE',
        url: `/uploads/${up.id}`,
        headers: { authorization: a.auth },
      });
      expect(byA.statusCode).toBe(204);
      expectError(await t.app.inject({ url: pathOf(up.url) }), 404, 'UPLOAD_NOT_FOUND');
      expect(storedFiles(dir())).not.toContain(`${up.id}.gif`);
      const again = await t.app.inject({
        method: 'DELETE',
        url: `/uploads/${up.id}`,
        headers: { authorization: a.auth },
      });
      expectError(again, 404, 'UPLOAD_NOT_FOUND');
      const junk = await t.app.inject({
        method: 'DELETE',
        url: '/uploads/not-an-id',
        headers: { authorization: a.auth },
      });
      expectError(junk, 404, 'UPLOAD_NOT_FOUND');
    });

    it("deleting a project removes its images' files and rows, leaving other projects' images served", async () => {
      const doomed = await t.make.project();
      const kept = await t.make.project();
      const up = async (auth: string, content: Buffer) =>
        (await uploadImage(t.app, { authorization: auth }, { content })).json() as { id: string; url: string };
      const gone = [await up(doomed.auth, PNG), await up(doomed.auth, GIF89)];
      const stays = await up(kept.auth, JPEG);
      const before = storedFiles(dir());
      for (const u of [...gone, stays]) expect(before.some((f) => f.startsWith(u.id))).toBe(true);

      const res = await t.app.inject({
        method: 'DELETE',
        url: `/users/@me/projects/${doomed.id}`,
        headers: { cookie: doomed.owner.cookie },
      });
      expect(res.statusCode, res.body).toBe(204);
      const after = storedFiles(dir());
      for (const u of gone) {
        expect(after.some((f) => f.startsWith(u.id))).toBe(false);
        expectError(await t.app.inject({ url: pathOf(u.url) }), 404, 'UPLOAD_NOT_FOUND');
      }
      expect(after.some((f) => f.startsWith(stays.id))).toBe(true);
      expect((await t.app.inject({ url: pathOf(stays.url) })).statusCode).toBe(200);
    });

    it('prunes staging files a crash left behind, but not fresh ones', async () => {
      const staging = path.join(dir(), '.staging');
      mkdirSync(staging, { recursive: true });
      const stale = path.join(staging, 'crashed-upload');
      const fresh = path.join(staging, 'upload-in-progress');
      writeFileSync(stale, PNG.subarray(0, 10));
      writeFileSync(fresh, PNG.subarray(0, 10));
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      utimesSync(stale, twoHoursAgo, twoHoursAgo);
      expect(await pruneUploadStaging(t.deps)).toBe(1);
      expect(stagingFiles(dir())).toEqual(['upload-in-progress']);
      rmSync(fresh);
    });

    it('lists uploads newest first in cursor pages', async () => {
      const p = await t.make.project();
      const ids: string[] = [];
      for (const content of [PNG, JPEG, GIF89, WEBP, GIF87]) {
        ids.push((await uploadImage(t.app, { authorization: p.auth }, { content })).json().id);
      }
      const get = (q: string) => t.app.inject({ url: `/uploads?${q}`, headers: { authorization: p.auth } });
      const first = (await get('limit=2')).json();
      expect(first).toMatchObject({ hasMore: true, total: 5 });
      const second = (await get(`limit=2&cursor=${first.cursor}`)).json();
      const third = (await get(`limit=2&cursor=${second.cursor}`)).json();
      expect(third).toMatchObject({ hasMore: false, cursor: '' });
      const seen = [...first.data, ...second.data, ...third.data].map((u: { id: string }) => u.id);
      expect(seen).toEqual([...ids].reverse());
      expectError(await get('cursor=nonsense'), 422, 'VALIDATION_ERROR');
      expectError(await get('limit=0'), 422, 'VALIDATION_ERROR');
    });
  });
}
