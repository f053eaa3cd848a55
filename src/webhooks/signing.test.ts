// Invariant: the webhook-signature header is the Standard Webhooks one, byte for byte: receivers
// verify it with the reference library (docs/webhooks.md), so its bytes must never change.
import { describe, expect, it } from 'vitest';
import { secretKey, signatureHeader } from './signing.ts';

// The example of the Standard Webhooks specification (standardwebhooks.com), checked with openssl.
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const TIMESTAMP = 1614265330;
const BODY = '{"test": 2432232314}';
const SIGNATURE = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';

describe('signatureHeader', () => {
  it('gives the specification’s signature for its example', () => {
    expect(signatureHeader([secretKey(SECRET)], ID, TIMESTAMP, BODY)).toBe(SIGNATURE);
  });

  it('reads a secret without its whsec_ prefix as the same key', () => {
    expect(secretKey(SECRET.slice('whsec_'.length)).equals(secretKey(SECRET))).toBe(true);
  });

  it('signs under each key of a rotation, space-separated, in the keys’ order', () => {
    const other = secretKey('whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=');
    const both = signatureHeader([secretKey(SECRET), other], ID, TIMESTAMP, BODY).split(' ');
    expect(both).toHaveLength(2);
    expect(both[0]).toBe(SIGNATURE);
    expect(both[1]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(both[1]).not.toBe(SIGNATURE);
  });
});
