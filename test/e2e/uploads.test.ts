// Invariant: POST /uploads/image stores exactly one PNG, JPEG, GIF or WebP, recognised by its
// bytes whatever its name or declared type, and refuses everything else (422), too much (413) and
// malformed bodies, storing nothing. What it stores, GET /uploads/:file serves unchanged to anyone,
// with nosniff, a sandboxing CSP and immutable caching (more in uploads-serving.test.ts).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { expectError } from './support.ts';
import {
  GIF87,
  GIF89,
  HTML,
  JPEG,
  listUploads,
  PNG,
  pathOf,
  SVG_WITH_SCRIPT,
  stagingFiles,
  storedFiles,
  uploadImage,
  WEBP,
} from './uploads-helpers.ts';

const MAX = 64 * 1024;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

for (const dialect of DIALECTS) {
  describe(`image uploads on ${dialect}`, () => {
    const t = useTestEnv({ dialect, env: { UPLOAD_MAX_BYTES: String(MAX) } });
    const dir = () => t.config.uploads.dir;
    const stored = () => storedFiles(dir());

    /** Asserts a refused upload left no row, no stored file and no staging file behind. */
    async function expectNothingStored(auth: string, filesBefore: string[]) {
      expect((await listUploads(t.app, auth)).total).toBe(0);
      expect(stored().sort()).toEqual(filesBefore.sort());
      expect(stagingFiles(dir())).toEqual([]);
    }

    it.each([
      ['PNG', PNG, 'image/png', 'png'],
      ['JPEG', JPEG, 'image/jpeg', 'jpg'],
      ['GIF87a', GIF87, 'image/gif', 'gif'],
      ['GIF89a', GIF89, 'image/gif', 'gif'],
      ['WebP', WEBP, 'image/webp', 'webp'],
    ] as const)(
      'accepts a %s and serves it back byte-identical to anyone, with safe headers',
      async (_, bytes, type, ext) => {
        const p = await t.make.project();
        const res = await uploadImage(t.app, { authorization: p.auth }, { content: bytes, filename: `picture.${ext}` });
        expect(res.statusCode, res.body).toBe(201);
        const body = res.json();
        expect(Object.keys(body).sort()).toEqual(['contentType', 'id', 'size', 'url']);
        expect(body).toMatchObject({ contentType: type, size: bytes.length });
        expect(body.url).toBe(`http://localhost:3000/uploads/${body.id}.${ext}`);
        expect(readFileSync(path.join(dir(), `${body.id}.${ext}`)).equals(bytes)).toBe(true);

        const served = await t.app.inject({ url: pathOf(body.url) });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals(bytes)).toBe(true);
        expect(served.headers).toMatchObject({
          'content-type': type,
          'content-length': String(bytes.length),
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
          'content-disposition': `inline; filename="${body.id}.${ext}"`,
          'cache-control': 'public, max-age=31536000, immutable',
          etag: `"${sha256(bytes)}"`,
        });
        // Link checkers and mail clients probing the image get the headers without the bytes.
        const head = await t.app.inject({ method: 'HEAD', url: pathOf(body.url) });
        expect(head.statusCode).toBe(200);
        expect(head.rawPayload.length).toBe(0);
        expect(head.headers).toMatchObject({
          'content-type': type,
          'content-length': String(bytes.length),
          'x-content-type-options': 'nosniff',
          'content-security-policy': served.headers['content-security-policy'],
          etag: served.headers.etag,
        });
      },
    );

    it('judges by content: a PNG named .html and declared text/html is stored as image/png', async () => {
      const p = await t.make.project();
      const res = await uploadImage(
        t.app,
        { authorization: p.auth },
        { content: PNG, filename: '../../evil.html', contentType: 'text/html' },
      );
      expect(res.statusCode, res.body).toBe(201);
      const { id, url, contentType } = res.json();
      expect(contentType).toBe('image/png');
      expect(url).toMatch(new RegExp(`/uploads/${id}\\.png$`));
      expect(stored()).toContain(`${id}.png`);
      const served = await t.app.inject({ url: pathOf(url) });
      expect(served.headers['content-type']).toBe('image/png');
      // Form fields beside the file are ignored, like unknown body fields elsewhere.
      const withField = await uploadImage(t.app, { authorization: p.auth }, [
        { field: 'alt', plainField: true, content: 'our logo' },
        { content: JPEG, filename: 'logo.txt', contentType: 'text/plain' },
      ]);
      expect(withField.statusCode, withField.body).toBe(201);
      expect(withField.json().contentType).toBe('image/jpeg');
    });

    it.each([
      ['an HTML file named .png declared image/png', HTML, 'photo.png', 'image/png'],
      ['an SVG with a script', SVG_WITH_SCRIPT, 'logo.svg', 'image/svg+xml'],
      ['an SVG named .png', SVG_WITH_SCRIPT, 'logo.png', 'image/png'],
      ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n'), 'doc.png', 'image/png'],
      ['plain text', Buffer.from('just some text, long enough to be sniffed as anything\n'), 'a.gif', 'image/gif'],
      ['a PNG cut off inside its header', PNG.subarray(0, 20), 'cut.png', 'image/png'],
      ['a bare PNG signature', PNG.subarray(0, 8), 'sig.png', 'image/png'],
      ['a GIF with only its version', Buffer.from('GIF89a'), 'g.gif', 'image/gif'],
      [
        'a RIFF file that is not WebP',
        Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt \x10\x00\x00\x00', 'latin1'),
        'w.webp',
        'image/webp',
      ],
      ['a JPEG start with no segment', Buffer.from([0xff, 0xd8, 0xff]), 'j.jpg', 'image/jpeg'],
    ])('refuses %s with 422 UNSUPPORTED_IMAGE_TYPE, storing nothing', async (_, content, filename, contentType) => {
      const p = await t.make.project();
      const before = stored();
      const res = await uploadImage(t.app, { authorization: p.auth }, { content, filename, contentType });
      const error = expectError(res, 422, 'VALIDATION_ERROR');
      expect(error.errors).toEqual([expect.objectContaining({ field: 'file', code: 'UNSUPPORTED_IMAGE_TYPE' })]);
      await expectNothingStored(p.auth, before);
    });

    it('refuses an empty file, a missing part, a wrongly named part, two files and a non-multipart body', async () => {
      const p = await t.make.project();
      const auth = { authorization: p.auth };
      const before = stored();
      const empty = expectError(await uploadImage(t.app, auth, { content: '' }), 422, 'VALIDATION_ERROR');
      expect(empty.errors).toEqual([expect.objectContaining({ field: 'file', code: 'UNSUPPORTED_IMAGE_TYPE' })]);
      const onlyField = await uploadImage(t.app, auth, { field: 'note', plainField: true, content: 'hello' });
      expectError(onlyField, 422, 'VALIDATION_ERROR');
      const noParts = await t.app.inject({
        method: 'POST',
        url: '/uploads/image',
        headers: { ...auth, 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x--\r\n',
      });
      expectError(noParts, 422, 'VALIDATION_ERROR');
      expectError(await uploadImage(t.app, auth, { field: 'image', content: PNG }), 422, 'VALIDATION_ERROR');
      const two = await uploadImage(t.app, auth, [{ content: PNG }, { content: GIF89, filename: 'b.gif' }]);
      expect(expectError(two, 422, 'VALIDATION_ERROR').errors).toEqual([
        expect.objectContaining({ field: 'file', code: 'TOO_MANY_FILES' }),
      ]);
      const three = await uploadImage(t.app, auth, [{ content: PNG }, { content: PNG }, { content: PNG }]);
      expect(expectError(three, 422, 'VALIDATION_ERROR').errors).toEqual([
        expect.objectContaining({ field: 'file', code: 'TOO_MANY_FILES' }),
      ]);
      const json = await t.app.inject({ method: 'POST', url: '/uploads/image', headers: auth, payload: { file: 'x' } });
      expectError(json, 422, 'VALIDATION_ERROR');
      const broken = await t.app.inject({
        method: 'POST',
        url: '/uploads/image',
        headers: { ...auth, 'content-type': 'multipart/form-data' },
        payload: 'no boundary here',
      });
      expectError(broken, 400, 'BAD_REQUEST');
      // A whole image whose body ends before the closing boundary is still a cut-short body.
      const cutShort = await t.app.inject({
        method: 'POST',
        url: '/uploads/image',
        headers: { ...auth, 'content-type': 'multipart/form-data; boundary=x' },
        payload: Buffer.concat([
          Buffer.from('--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n'),
          PNG,
        ]),
      });
      expectError(cutShort, 400, 'BAD_REQUEST');
      await expectNothingStored(p.auth, before);
    });

    it('takes a file of exactly UPLOAD_MAX_BYTES and refuses one byte more with 413, storing nothing', async () => {
      const p = await t.make.project();
      const atCap = Buffer.concat([PNG, Buffer.alloc(MAX - PNG.length, 0x20)]);
      const ok = await uploadImage(t.app, { authorization: p.auth }, { content: atCap });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json().size).toBe(MAX);
      await t.app.inject({ method: 'DELETE', url: `/uploads/${ok.json().id}`, headers: { authorization: p.auth } });
      const before = stored();
      const over = await uploadImage(
        t.app,
        { authorization: p.auth },
        { content: Buffer.concat([atCap, Buffer.from('x')]) },
      );
      expectError(over, 413, 'PAYLOAD_TOO_LARGE');
      // Far past the cap, Content-Length alone decides before the body is read.
      const huge = await uploadImage(t.app, { authorization: p.auth }, { content: Buffer.alloc(MAX * 4, 0x41) });
      expectError(huge, 413, 'PAYLOAD_TOO_LARGE');
      await expectNothingStored(p.auth, before);
    });

    it('says storage: false in GET /config (images are kept under DATA_DIR)', async () => {
      expect((await t.app.inject({ url: '/config' })).json()).toMatchObject({ storage: false });
    });

    it('defaults UPLOAD_MAX_BYTES to 5 MB and refuses S3 settings without a bucket', () => {
      expect(loadConfig({ DATA_DIR: '/tmp/x' }).uploads.maxBytes).toBe(5 * 1024 * 1024);
      expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9' })).toThrow(/S3_BUCKET/);
      expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/together/);
      expect(() => loadConfig({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/);
      expect(loadConfig({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'on' }).uploads.s3?.forcePathStyle).toBe(true);
      expect(() => loadConfig({ UPLOAD_MAX_BYTES: 'lots' })).toThrow(/UPLOAD_MAX_BYTES/);
    });
    it('needs a project: no credentials is 401; a session with X-Project-Id works', async () => {
      const p = await t.make.project();
      expectError(await uploadImage(t.app, {}, { content: PNG }), 401, 'MISSING_AUTH');
      const bySession = await uploadImage(t.app, { cookie: p.owner.cookie, 'x-project-id': p.id }, { content: PNG });
      expect(bySession.statusCode, bySession.body).toBe(201);
      expect((await listUploads(t.app, p.auth)).data.map((u: { id: string }) => u.id)).toEqual([bySession.json().id]);
    });
  });
}
