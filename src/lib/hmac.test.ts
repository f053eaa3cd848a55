// Invariant: hmacSha256 is HMAC-SHA256 of the parts joined by '.', a string key keyed by its UTF-8
// bytes, so every signature built on it stays byte-identical to the one receivers verify.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSha256, unixSeconds } from './hmac.ts';

describe('hmacSha256', () => {
  it('signs the parts joined by dots, numbers written as JavaScript writes them', () => {
    const expected = createHmac('sha256', 'k').update('msg_1.1614265330.{"a":1}').digest();
    expect(hmacSha256('k', ['msg_1', 1614265330, '{"a":1}']).equals(expected)).toBe(true);
  });

  it('keys by raw bytes as well as by a string', () => {
    const key = Buffer.from([0, 255, 1, 254]);
    const expected = createHmac('sha256', key).update('x').digest('hex');
    expect(hmacSha256(key, ['x']).toString('hex')).toBe(expected);
  });

  it('matches a value computed outside Node (openssl dgst -sha256 -hmac key)', () => {
    expect(hmacSha256('key', ['The quick brown fox jumps over the lazy dog']).toString('hex')).toBe(
      'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
    );
  });
});

describe('unixSeconds', () => {
  it('drops the milliseconds', () => {
    expect(unixSeconds(new Date(1_614_265_330_999))).toBe(1_614_265_330);
  });
});
