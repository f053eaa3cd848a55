// Invariant: nothing a /v1/send caller gives can add a header line, override a header we write, or
// break the message's header block: line breaks (CR, LF, NUL and the Unicode line separators) are
// refused in names, values, display names, filenames and content types, each with the field named.
import { describe, expect, it } from 'vitest';
import { checkContentType, checkCustomHeaders, checkDisplayName, checkFilename } from './headers.ts';

const codes = (errors: { code: string }[]) => errors.map((e) => e.code);

describe('checkCustomHeaders', () => {
  it('accepts ordinary custom headers', () => {
    expect(checkCustomHeaders({ 'X-Campaign': 'spring', 'X-Entity-Ref-ID': 'a\tb', 'In-Reply-To': '<x@y>' })).toEqual(
      [],
    );
  });

  it('refuses injection in names and values, naming the header', () => {
    expect(checkCustomHeaders({ 'X-A\r\nBcc: x': 'v' })).toEqual([
      { field: 'headers.X-A\r\nBcc: x', message: expect.any(String), code: 'HEADER_INJECTION' },
    ]);
    const values = ['a\r\nBcc: x@evil.test', 'a\nb', 'a\rb', 'a\0b', 'a\u2028b', 'a\u2029b', 'a\u0085b'];
    for (const v of values) {
      expect(checkCustomHeaders({ 'X-Foo': v }), JSON.stringify(v)).toEqual([
        { field: 'headers.X-Foo', message: expect.any(String), code: 'HEADER_INJECTION' },
      ]);
    }
  });

  it('refuses the headers we set ourselves, whatever their case', () => {
    const errors = checkCustomHeaders({ BCC: 'x@evil.test', 'list-unsubscribe': '<x>', 'X-Mailwright-Email-Id': 'e' });
    expect(errors.map((e) => [e.field, e.code])).toEqual([
      ['headers.BCC', 'RESERVED_HEADER'],
      ['headers.list-unsubscribe', 'RESERVED_HEADER'],
      ['headers.X-Mailwright-Email-Id', 'RESERVED_HEADER'],
    ]);
  });

  it('refuses bad names: empty, too long, spaces, colons, non-ASCII, repeats', () => {
    expect(codes(checkCustomHeaders({ '': 'v' }))).toEqual(['INVALID_HEADER_NAME']);
    expect(codes(checkCustomHeaders({ ['X'.repeat(76)]: 'v' }))).toEqual([]);
    expect(codes(checkCustomHeaders({ ['X'.repeat(77)]: 'v' }))).toEqual(['TOO_LONG']);
    expect(codes(checkCustomHeaders({ 'X Foo': 'v', 'X:Foo': 'v', 'X-Föö': 'v' }))).toEqual([
      'INVALID_HEADER_NAME',
      'INVALID_HEADER_NAME',
      'INVALID_HEADER_NAME',
    ]);
    expect(codes(checkCustomHeaders({ 'X-Foo': 'a', 'x-foo': 'b' }))).toEqual(['DUPLICATE_HEADER']);
  });

  it('cuts a very long hostile name in the field it reports', () => {
    const [e] = checkCustomHeaders({ ['X'.repeat(5000)]: 'v' });
    expect(e!.field.length).toBeLessThan(100);
  });

  it('refuses values that are not strings, too long or carry control characters', () => {
    expect(codes(checkCustomHeaders({ 'X-A': 1, 'X-B': null, 'X-C': ['a'] }))).toEqual([
      'INVALID_TYPE',
      'INVALID_TYPE',
      'INVALID_TYPE',
    ]);
    expect(codes(checkCustomHeaders({ 'X-A': 'v'.repeat(998) }))).toEqual([]);
    expect(codes(checkCustomHeaders({ 'X-A': 'v'.repeat(999) }))).toEqual(['TOO_LONG']);
    expect(codes(checkCustomHeaders({ 'X-A': 'a\x07b' }))).toEqual(['INVALID_CHARACTER']);
    expect(codes(checkCustomHeaders({ 'X-A': 'Grüße' }))).toEqual([]);
  });

  it('allows 50 headers and refuses 51 with one error on the map', () => {
    const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`X-H${i}`, 'v']));
    expect(checkCustomHeaders(many(50))).toEqual([]);
    expect(checkCustomHeaders(many(51), 'data.headers')).toEqual([
      { field: 'data.headers', message: expect.any(String), code: 'TOO_MANY_HEADERS' },
    ]);
  });
});

describe('checkDisplayName', () => {
  it('accepts names up to 200 characters, any script', () => {
    expect(checkDisplayName('from.name', 'Zoë “Ops” Müller, Inc.')).toEqual([]);
    expect(checkDisplayName('from.name', 'n'.repeat(200))).toEqual([]);
  });

  it('refuses injection, control characters, length and non-strings', () => {
    expect(codes(checkDisplayName('from.name', 'Ann\r\nBcc: x@evil.test'))).toEqual(['HEADER_INJECTION']);
    expect(codes(checkDisplayName('from.name', 'Ann\u2028Bcc'))).toEqual(['HEADER_INJECTION']);
    expect(codes(checkDisplayName('from.name', 'Ann\x1b[31m'))).toEqual(['INVALID_CHARACTER']);
    expect(codes(checkDisplayName('from.name', 'Ann\x85'))).toEqual(['HEADER_INJECTION']);
    expect(codes(checkDisplayName('from.name', 'Ann\x9b'))).toEqual(['INVALID_CHARACTER']);
    expect(codes(checkDisplayName('from.name', 'n'.repeat(201)))).toEqual(['TOO_LONG']);
    expect(checkDisplayName('name', 5)).toEqual([{ field: 'name', message: expect.any(String), code: 'INVALID_TYPE' }]);
  });
});

describe('checkFilename', () => {
  it('accepts ordinary file names', () => {
    expect(checkFilename('attachments[0].filename', 'Rechnung März 2026.pdf')).toEqual([]);
    expect(checkFilename('attachments[0].filename', 'f'.repeat(255))).toEqual([]);
  });

  it('refuses empty, long, path-like and injected names', () => {
    const f = 'attachments[0].filename';
    expect(codes(checkFilename(f, ''))).toEqual(['INVALID_VALUE']);
    expect(codes(checkFilename(f, 'f'.repeat(256)))).toEqual(['TOO_LONG']);
    expect(codes(checkFilename(f, '../etc/passwd'))).toEqual(['INVALID_VALUE']);
    expect(codes(checkFilename(f, '..\\boot.ini'))).toEqual(['INVALID_VALUE']);
    expect(codes(checkFilename(f, 'a.pdf"\r\nContent-Type: text/html'))).toEqual(['HEADER_INJECTION']);
    expect(codes(checkFilename(f, 'a\0.pdf'))).toEqual(['HEADER_INJECTION']);
    expect(codes(checkFilename(f, 'a\t.pdf'))).toEqual([]);
    expect(checkFilename(f, 'a\x01.pdf')[0]).toEqual({
      field: f,
      message: expect.any(String),
      code: 'INVALID_CHARACTER',
    });
  });
});

describe('checkContentType', () => {
  it('accepts type/subtype with optional parameters', () => {
    for (const v of [
      'application/pdf',
      'text/csv; charset=utf-8',
      'TEXT/PLAIN;charset="us-ascii"; format=flowed',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'image/svg+xml;',
    ]) {
      expect(checkContentType('contentType', v), v).toEqual([]);
    }
  });

  it('refuses anything else', () => {
    for (const v of [
      'pdf',
      'text/',
      '/plain',
      'text/plain; charset',
      'text/plain charset=x',
      'a/b/c',
      'text/plain; a="x',
    ]) {
      expect(codes(checkContentType('contentType', v)), v).toEqual(['INVALID_VALUE']);
    }
    expect(codes(checkContentType('contentType', 'text/html\r\nBcc: x'))).toEqual(['HEADER_INJECTION']);
    expect(codes(checkContentType('contentType', `text/plain; a=${'x'.repeat(300)}`))).toEqual(['TOO_LONG']);
  });

  it('answers quickly for hostile parameter lists', () => {
    const started = performance.now();
    checkContentType('contentType', `a/b${' ;a=b'.repeat(50)}${' '.repeat(2)}!`);
    checkContentType('contentType', `a/b;${' '.repeat(250)}x`);
    expect(performance.now() - started).toBeLessThan(100);
  });
});
