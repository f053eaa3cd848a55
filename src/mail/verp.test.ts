// Invariant: a VERP return path names exactly one email, and only `bounce-<uuid>@…` addresses name one.
import { describe, expect, it } from 'vitest';
import { emailIdFromAddress, returnPathFor } from './verp.ts';

const ID = '0190a0b0-1234-7000-8000-00000000abcd';

describe('VERP addresses', () => {
  it('builds the return path under the sending domain only when one is configured', () => {
    expect(returnPathFor({ returnPath: { host: 'bounces', mx: 'mx.test' } }, ID, 'Example.COM')).toBe(
      `bounce-${ID}@bounces.example.com`,
    );
    expect(returnPathFor({ returnPath: undefined }, ID, 'example.com')).toBeUndefined();
  });

  it('reads the email id back from any domain and refuses anything else', () => {
    expect(emailIdFromAddress(`<BOUNCE-${ID.toUpperCase()}@bounces.other.test>`)).toBe(ID);
    for (const a of ['bounce-123@x.test', `bounces-${ID}@x.test`, `bounce-${ID}`, `x-bounce-${ID}@x.test`]) {
      expect(emailIdFromAddress(a), a).toBeUndefined();
    }
  });
});
