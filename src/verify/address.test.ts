// Invariant: parseAddress accepts exactly the pragmatic RFC 5321/5322 shapes, normalises to trimmed lower-case ASCII,
// and answers any input — including huge garbage — in linear time without throwing.
import { describe, expect, it } from 'vitest';
import { isPlusAddressed, parseAddress } from './address.ts';

describe('parseAddress', () => {
  it('trims and lower-cases an ordinary address', () => {
    expect(parseAddress('  Ann.Lee@Example.COM \n')).toEqual({
      ok: true,
      local: 'Ann.Lee',
      domain: 'example.com',
      normalized: 'ann.lee@example.com',
    });
  });

  it.each([
    'a@example.com',
    "o'brien+tag@example.co.uk",
    "!#$%&'*+-/=?^_`{|}~@example.com",
    'first.middle.last@sub.example.io',
    '"john doe"@example.com',
    '"a@b"@example.com',
    '"quote\\"inside"@example.com',
    'user@xn--bcher-kva.de',
    'user@123.example.com',
    'user@a-b.example',
  ])('accepts %s', (address) => {
    expect(parseAddress(address).ok).toBe(true);
  });

  it.each([
    ['', 'no @'],
    ['plainaddress', 'no @'],
    ['@example.com', 'local part is empty'],
    ['user@', 'empty domain'],
    ['.user@example.com', 'leading dot'],
    ['user.@example.com', 'trailing dot'],
    ['us..er@example.com', 'consecutive dots'],
    ['us er@example.com', 'space outside quotes'],
    ['a@b@example.com', 'second @ outside quotes'],
    ['"unterminated@example.com', 'unterminated quote'],
    ['"a"b"@example.com', 'bare quote inside quotes'],
    ['"ends\\"@example.com', 'escaped closing quote'],
    ['""@example.com', 'empty quoted string'],
    ['jörg@example.com', 'non-ASCII local part'],
    ['user@localhost', 'single-label domain'],
    ['user@example.123', 'numeric TLD'],
    ['user@1.2.3.4', 'IP address as domain'],
    ['user@[127.0.0.1]', 'address literal'],
    ['user@-example.com', 'label starting with hyphen'],
    ['user@example-.com', 'label ending with hyphen'],
    ['user@exa_mple.com', 'underscore in domain'],
    ['user@example..com', 'empty label'],
    ['user@example.com.', 'trailing dot in domain'],
    [`user@${'a'.repeat(64)}.com`, 'label of 64 characters'],
    [`${'a'.repeat(65)}@example.com`, 'local part of 65 characters'],
    [`${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(4)}.com`, 'over 254'],
  ])('rejects %s (%s)', (address) => {
    const result = parseAddress(address);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason.length).toBeGreaterThan(0);
  });

  it('accepts a local part of exactly 64 characters and a label of exactly 63', () => {
    expect(parseAddress(`${'a'.repeat(64)}@${'b'.repeat(63)}.com`).ok).toBe(true);
  });

  it('converts an IDN domain to its ASCII form', () => {
    const result = parseAddress('Jane@Bücher.DE');
    expect(result).toMatchObject({ ok: true, domain: 'xn--bcher-kva.de', normalized: 'jane@xn--bcher-kva.de' });
  });

  it('rejects invalid punycode', () => {
    expect(parseAddress('user@xn--zz.com').ok).toBe(false);
  });

  it.each([1_000, 100_000])('rejects %i characters of garbage', (size) => {
    const shapes = ['a'.repeat(size), `${'a.'.repeat(size / 2)}@`, `"${'\\'.repeat(size)}`, '@'.repeat(size)];
    shapes.push(`${'a'.repeat(size)}@example.com`, `a@${'b.'.repeat(size / 2)}com`, `${'!'.repeat(size)}@x.com`);
    for (const input of shapes) expect(parseAddress(input).ok).toBe(false);
  });

  it('rejects a long run of spaces and garbage around an @', () => {
    expect(parseAddress(`${' '.repeat(50_000)}x@${'-'.repeat(50_000)}`).ok).toBe(false);
  });
});

describe('isPlusAddressed', () => {
  it.each([
    ['ann+news', true],
    ['ann+', true],
    ['ann', false],
    ['+ann', false],
    ['"ann+x"', false],
  ])('%s → %s', (local, expected) => {
    expect(isPlusAddressed(local)).toBe(expected);
  });
});
