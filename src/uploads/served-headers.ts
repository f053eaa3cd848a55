/**
 * The headers an uploaded image is served with. A file that passed the sniffer can still carry
 * other content after its header (a polyglot), so the answer forbids type sniffing, runs nothing
 * (CSP sandbox, no sources) and is shown inline under a name we chose.
 */
import type { ImageContentType } from '../db/uploads-tables.ts';

/** Ids never change content, so caches may keep an image for a year without asking again. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

const IMAGE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/** `Content-Disposition` for a stored file name (`<id>.<ext>`: nothing to escape). */
export function inlineDisposition(fileName: string): string {
  return `inline; filename="${fileName}"`;
}

/** Every header of a 200 answer for an image, ETag included (the body's SHA-256, quoted). */
export function imageHeaders(image: {
  contentType: ImageContentType;
  size: number;
  sha256: string;
  fileName: string;
}): Record<string, string> {
  return {
    'content-type': image.contentType,
    'content-length': String(image.size),
    'x-content-type-options': 'nosniff',
    'content-security-policy': IMAGE_CSP,
    'content-disposition': inlineDisposition(image.fileName),
    'cache-control': IMMUTABLE_CACHE,
    etag: `"${image.sha256}"`,
    // Mail clients and webmail on other origins embed these images.
    'cross-origin-resource-policy': 'cross-origin',
  };
}
