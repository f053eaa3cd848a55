/**
 * Recognises the four image formats we serve by their leading bytes, never by file name or declared
 * type. A format needs its complete fixed header, so an empty or cut-off file (or one that merely
 * starts with a signature) is not an image. Everything else, SVG included (it can carry script), is
 * refused by the caller.
 */
import type { ImageContentType } from '../db/uploads-tables.ts';

/** Bytes the sniffer needs to see; callers keep at least this many from the start of the file. */
export const SNIFF_BYTES = 32;

export interface ImageKind {
  contentType: ImageContentType;
  /** The extension our URLs use for it. */
  ext: 'png' | 'jpg' | 'gif' | 'webp';
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const ascii = (b: Buffer, start: number, end: number) => b.subarray(start, end).toString('latin1');

/** PNG: signature, then the IHDR chunk (length 13) with a non-zero width and height. */
function isPng(b: Buffer): boolean {
  if (b.length < 24 || !b.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  return b.readUInt32BE(8) === 13 && ascii(b, 12, 16) === 'IHDR' && b.readUInt32BE(16) > 0 && b.readUInt32BE(20) > 0;
}

/** JPEG: start-of-image, then the next segment's marker (0xC0..0xFE; 0xFF is only fill). */
function isJpeg(b: Buffer): boolean {
  return b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff && b[3]! >= 0xc0 && b[3]! <= 0xfe;
}

/** GIF: version header 87a or 89a and the 7-byte logical screen descriptor. */
function isGif(b: Buffer): boolean {
  if (b.length < 13) return false;
  const head = ascii(b, 0, 6);
  return head === 'GIF87a' || head === 'GIF89a';
}

/** WebP: a RIFF container of form WEBP whose first chunk is VP8, VP8L or VP8X. */
function isWebp(b: Buffer): boolean {
  if (b.length < 20 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 12) !== 'WEBP') return false;
  return ['VP8 ', 'VP8L', 'VP8X'].includes(ascii(b, 12, 16));
}

/** The image kind of a file starting with `head`, or undefined when it is none we accept. */
export function sniffImage(head: Buffer): ImageKind | undefined {
  if (isPng(head)) return { contentType: 'image/png', ext: 'png' };
  if (isJpeg(head)) return { contentType: 'image/jpeg', ext: 'jpg' };
  if (isGif(head)) return { contentType: 'image/gif', ext: 'gif' };
  if (isWebp(head)) return { contentType: 'image/webp', ext: 'webp' };
  return undefined;
}

const EXT_OF: Record<ImageContentType, ImageKind['ext']> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/**
 * `<id>.<ext>`, an upload's name in its URL and on local disk (lower-case UUID, one of our
 * extensions; groups: id, ext). Nothing else is one, so no other name reaches a lookup or a path.
 */
export const UPLOAD_FILE_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(png|jpg|gif|webp)$/;

/** The URL extension of a stored content type. */
export function extensionOf(contentType: ImageContentType): ImageKind['ext'] {
  return EXT_OF[contentType];
}
