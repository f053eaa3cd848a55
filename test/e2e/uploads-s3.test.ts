// Invariant: with S3_BUCKET set, images go to the bucket (path-style PUT, signed, with their type
// and caching headers) and nothing stays on local disk; without S3_PUBLIC_URL they are served
// through GET /uploads/:file from the bucket, byte-identical and with our safe headers; with it,
// the URL points at the bucket and our own path redirects there. A failing bucket stores no row.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import { type S3Api, startS3Api } from '../servers/s3-api.ts';
import { expectError } from './support.ts';
import { JPEG, PNG, pathOf, stagingFiles, uploadImage, WEBP } from './uploads-helpers.ts';

const CREDENTIALS = { S3_ACCESS_KEY_ID: 'AKIDTESTUPLOADS', S3_SECRET_ACCESS_KEY: 'test-secret-for-the-loopback-s3' };

/** Starts the loopback S3 server before the test env (whose env reads its URL) and stops it after. */
function useS3(): { s3: S3Api } {
  const holder = {} as { s3: S3Api };
  beforeAll(async () => {
    holder.s3 = await startS3Api();
  });
  afterAll(async () => holder.s3?.close());
  return holder;
}

for (const dialect of DIALECTS) {
  describe(`S3 uploads served through us on ${dialect}`, () => {
    const h = useS3();
    const t = useTestEnv({
      dialect,
      env: () => ({ S3_BUCKET: h.s3.bucket, S3_ENDPOINT: h.s3.url, S3_FORCE_PATH_STYLE: 'true', ...CREDENTIALS }),
    });
    const localFiles = () => {
      const dir = t.config.uploads.dir;
      return existsSync(dir) ? readdirSync(dir, { recursive: true }).filter((f) => f !== '.staging') : [];
    };

    it('puts the image in the bucket and streams it back byte-identical with safe headers', async () => {
      const p = await t.make.project();
      const res = await uploadImage(t.app, { authorization: p.auth }, { content: WEBP, filename: 'x.html' });
      expect(res.statusCode, res.body).toBe(201);
      const { id, url, contentType, size } = res.json();
      expect({ contentType, size }).toEqual({ contentType: 'image/webp', size: WEBP.length });
      expect(url).toBe(`http://localhost:3000/uploads/${id}.webp`);

      const key = `uploads/${id}.webp`;
      const put = h.s3.requests.find((r) => r.method === 'PUT' && r.key === key);
      expect(put).toMatchObject({ bucket: h.s3.bucket, status: 200, size: WEBP.length });
      expect(put!.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTESTUPLOADS\//);
      expect(put!.headers).toMatchObject({
        'content-type': 'image/webp',
        'cache-control': 'public, max-age=31536000, immutable',
        'content-disposition': `inline; filename="${id}.webp"`,
      });
      expect(h.s3.objects.get(key)!.body.equals(WEBP)).toBe(true);
      expect(localFiles()).toEqual([]);

      const served = await t.app.inject({ url: pathOf(url) });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(WEBP)).toBe(true);
      expect(served.headers).toMatchObject({
        'content-type': 'image/webp',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
        'cache-control': 'public, max-age=31536000, immutable',
        etag: `"${createHash('sha256').update(WEBP).digest('hex')}"`,
      });
      expect(h.s3.requests.some((r) => r.method === 'GET' && r.key === key)).toBe(true);

      // HEAD and a revalidation are answered from the row: the bucket is not asked again.
      const asked = h.s3.requests.length;
      const head = await t.app.inject({ method: 'HEAD', url: pathOf(url) });
      expect(head.statusCode).toBe(200);
      expect(head.headers).toMatchObject({
        'content-length': String(WEBP.length),
        'x-content-type-options': 'nosniff',
      });
      const revalidated = await t.app.inject({ url: pathOf(url), headers: { 'if-none-match': served.headers.etag } });
      expect(revalidated.statusCode).toBe(304);
      expect(h.s3.requests.length).toBe(asked);
    });

    it('says storage: true in GET /config', async () => {
      expect((await t.app.inject({ url: '/config' })).json()).toMatchObject({ storage: true });
    });

    it('deletes from the bucket, after which the image is a 404', async () => {
      const p = await t.make.project();
      const { id, url } = (await uploadImage(t.app, { authorization: p.auth }, { content: JPEG })).json();
      const del = await t.app.inject({ method: 'DELETE', url: `/uploads/${id}`, headers: { authorization: p.auth } });
      expect(del.statusCode).toBe(204);
      expect(h.s3.objects.has(`uploads/${id}.jpg`)).toBe(false);
      expectError(await t.app.inject({ url: pathOf(url) }), 404, 'UPLOAD_NOT_FOUND');
    });

    it('answers 404 when the bucket lost the object', async () => {
      const p = await t.make.project();
      const { id, url } = (await uploadImage(t.app, { authorization: p.auth }, { content: PNG })).json();
      h.s3.objects.delete(`uploads/${id}.png`);
      expectError(await t.app.inject({ url: pathOf(url) }), 404, 'UPLOAD_NOT_FOUND');
    });

    it('tries a PUT again after a transient failure', async () => {
      const p = await t.make.project();
      h.s3.fail(1);
      const res = await uploadImage(t.app, { authorization: p.auth }, { content: PNG });
      expect(res.statusCode, res.body).toBe(201);
      const key = `uploads/${res.json().id}.png`;
      expect(h.s3.requests.filter((r) => r.method === 'PUT' && r.key === key).map((r) => r.status)).toEqual([503, 200]);
      expect(h.s3.objects.get(key)!.body.equals(PNG)).toBe(true);
    });

    it('stores no row and leaves no staging file when the bucket refuses the PUT', async () => {
      const p = await t.make.project();
      h.s3.fail(Number.POSITIVE_INFINITY);
      const before = h.s3.requests.length;
      try {
        const res = await uploadImage(t.app, { authorization: p.auth }, { content: PNG });
        expectError(res, 500, 'INTERNAL_SERVER_ERROR');
      } finally {
        h.s3.fail(0);
      }
      // Tried three times, then given up.
      expect(h.s3.requests.slice(before).map((r) => `${r.method} ${r.status}`)).toEqual(Array(3).fill('PUT 503'));
      const listed = (await t.app.inject({ url: '/uploads', headers: { authorization: p.auth } })).json();
      expect(listed.total).toBe(0);
      expect(stagingFiles(t.config.uploads.dir)).toEqual([]);
    });
  });

  describe(`S3 uploads with a public bucket URL on ${dialect}`, () => {
    const h = useS3();
    const t = useTestEnv({
      dialect,
      env: () => ({
        S3_BUCKET: h.s3.bucket,
        S3_ENDPOINT: h.s3.url,
        S3_FORCE_PATH_STYLE: 'true',
        S3_PUBLIC_URL: 'https://cdn.example.test/',
        ...CREDENTIALS,
      }),
    });

    it('answers the bucket URL, and our own path redirects there', async () => {
      const p = await t.make.project();
      const res = await uploadImage(t.app, { authorization: p.auth }, { content: PNG });
      expect(res.statusCode, res.body).toBe(201);
      const { id, url } = res.json();
      expect(url).toBe(`https://cdn.example.test/uploads/${id}.png`);
      expect(h.s3.objects.get(`uploads/${id}.png`)!.body.equals(PNG)).toBe(true);
      const ours = await t.app.inject({ url: `/uploads/${id}.png` });
      expect(ours.statusCode).toBe(302);
      expect(ours.headers.location).toBe(url);
      const listed = (await t.app.inject({ url: '/uploads', headers: { authorization: p.auth } })).json();
      expect(listed.data[0].url).toBe(url);
    });
  });
}
