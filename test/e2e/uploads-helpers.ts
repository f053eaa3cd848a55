/** Images and multipart bodies for the upload tests: real minimal files of each format, built here. */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** A 1×1 PNG (signature, IHDR, IDAT, IEND). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A JFIF header (SOI, APP0), a comment segment and EOI: the smallest file a JPEG sniffer must accept. */
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
  Buffer.from([0xff, 0xfe, 0x00, 0x06]),
  Buffer.from('test', 'latin1'),
  Buffer.from([0xff, 0xd9]),
]);

/** A 1×1 GIF89a (the classic transparent pixel). */
export const GIF89 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/** A 1×1 GIF87a: header, screen descriptor, 2-colour table, image descriptor, LZW data, trailer. */
export const GIF87 = Buffer.concat([
  Buffer.from('GIF87a', 'latin1'),
  Buffer.from([0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00]),
  Buffer.from([0x00, 0x00, 0x00, 0xff, 0xff, 0xff]),
  Buffer.from([0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
  Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]),
]);

/** A 1×1 lossless WebP (RIFF, WEBP, VP8L chunk). */
export const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="1" height="1">' +
    '<script>alert(document.cookie)</script><rect width="1" height="1"/></svg>',
);

export const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

export interface Part {
  field?: string;
  filename?: string;
  contentType?: string;
  content: Buffer | string;
  /** A plain form field (no filename) instead of a file. */
  plainField?: boolean;
}

/** A multipart/form-data body of `parts`, in order. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----mw-upload-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.plainField
      ? `form-data; name="${p.field ?? 'file'}"`
      : `form-data; name="${p.field ?? 'file'}"; filename="${p.filename ?? 'image.bin'}"`;
    const type = p.plainField ? '' : `Content-Type: ${p.contentType ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`, 'utf8'));
    chunks.push(typeof p.content === 'string' ? Buffer.from(p.content, 'utf8') : p.content);
    chunks.push(Buffer.from('\r\n', 'utf8'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`, 'utf8'));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /uploads/image with one file part (or the given parts) and these headers (auth). */
export function uploadImage(app: FastifyInstance, headers: Record<string, string>, file: Part | Part[]) {
  const { payload, headers: type } = multipart(Array.isArray(file) ? file : [file]);
  return app.inject({ method: 'POST', url: '/uploads/image', headers: { ...headers, ...type }, payload });
}

/** The path part of an upload URL (`/uploads/<id>.<ext>`), for app.inject. */
export function pathOf(url: string): string {
  return new URL(url).pathname;
}

/** Files stored under an uploads directory (DATA_DIR/uploads), the staging folder left out. */
export function storedFiles(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((f) => f !== '.staging') : [];
}

/** Files left in the staging folder of an uploads directory. */
export function stagingFiles(dir: string): string[] {
  const staging = path.join(dir, '.staging');
  return existsSync(staging) ? readdirSync(staging) : [];
}

/** GET /uploads?limit=100 with `auth`, parsed. */
export async function listUploads(app: FastifyInstance, auth: string) {
  return (await app.inject({ url: '/uploads?limit=100', headers: { authorization: auth } })).json();
}
