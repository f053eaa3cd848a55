// Invariant: a download is named as the server says, never with a path, and always has a name.
import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download.ts';

describe('fileNameOf', () => {
  it('reads a quoted, a bare and an encoded file name', () => {
    expect(fileNameOf('attachment; filename="contact-1.json"', 'x')).toBe('contact-1.json');
    expect(fileNameOf('attachment; filename=contact-2.json', 'x')).toBe('contact-2.json');
    expect(fileNameOf(`attachment; filename="a.json"; filename*=UTF-8''caf%C3%A9.json`, 'x')).toBe('café.json');
  });

  it('falls back without a header or a name, and drops folders', () => {
    expect(fileNameOf(null, 'fallback.json')).toBe('fallback.json');
    expect(fileNameOf('attachment', 'fallback.json')).toBe('fallback.json');
    expect(fileNameOf('attachment; filename="../../etc/passwd"', 'x')).toBe('passwd');
  });
});
