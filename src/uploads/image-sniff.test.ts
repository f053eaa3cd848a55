// Invariant: only a complete fixed header of PNG, JPEG, GIF (87a/89a) or WebP makes an image;
// a prefix of one, another RIFF form, SVG, HTML and empty input are none.
import { describe, expect, it } from 'vitest';
import { sniffImage } from './image-sniff.ts';

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR', 'latin1'),
  Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]),
]);
const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00', 'latin1');
const webp = Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00', 'latin1');
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xdb]);

describe('sniffImage', () => {
  it('recognises each accepted format from its header alone', () => {
    expect(sniffImage(png)?.contentType).toBe('image/png');
    expect(sniffImage(jpeg)?.ext).toBe('jpg');
    expect(sniffImage(gif)?.contentType).toBe('image/gif');
    expect(sniffImage(Buffer.from(gif.toString('latin1').replace('89a', '87a'), 'latin1'))?.ext).toBe('gif');
    expect(sniffImage(webp)?.contentType).toBe('image/webp');
  });

  it('refuses every strict prefix of a valid header', () => {
    for (const image of [png.subarray(0, 24), jpeg, gif, webp.subarray(0, 16)]) {
      for (let n = 0; n < image.length; n++) expect(sniffImage(image.subarray(0, n))).toBeUndefined();
    }
  });

  it('refuses near misses and other formats', () => {
    const zeroWidth = Buffer.from(png);
    zeroWidth.writeUInt32BE(0, 16);
    expect(sniffImage(zeroWidth)).toBeUndefined();
    expect(sniffImage(Buffer.from('GIF90a\x01\x00\x01\x00\x80\x00\x00', 'latin1'))).toBeUndefined();
    expect(sniffImage(Buffer.from('RIFF\x1a\x00\x00\x00WAVEfmt \x10\x00\x00\x00', 'latin1'))).toBeUndefined();
    expect(sniffImage(Buffer.from('RIFF\x1a\x00\x00\x00WEBPABCD\x0d\x00\x00\x00', 'latin1'))).toBeUndefined();
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xff]))).toBeUndefined();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'))).toBeUndefined();
    expect(sniffImage(Buffer.from('<!doctype html><p>hi</p>'))).toBeUndefined();
    expect(sniffImage(Buffer.from('%PDF-1.7 and then some more bytes'))).toBeUndefined();
    expect(sniffImage(Buffer.alloc(0))).toBeUndefined();
  });
});
