// Invariant: a VERP return path names exactly one email, and only `bounce-<uuid>@…` addresses name one.
import { describe, expect, it } from 'vitest';
import { allowedSnsUrl } from './sns.ts';
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

describe('SNS URL pin', () => {
  it('accepts https on SNS hosts and listed hosts, and nothing else', () => {
    expect(allowedSnsUrl('https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-1.pem', [])).toBeDefined();
    expect(allowedSnsUrl('https://sns.cn-north-1.amazonaws.com.cn/x.pem', [])).toBeDefined();
    expect(allowedSnsUrl('http://127.0.0.1:8080/x.pem', ['127.0.0.1:8080'])).toBeDefined();
    for (const url of [
      'http://sns.eu-west-1.amazonaws.com/x.pem',
      'https://sns.eu-west-1.amazonaws.com.evil.test/x.pem',
      'https://evil.test/sns.eu-west-1.amazonaws.com/x.pem',
      'https://user@sns.eu-west-1.amazonaws.com/x.pem',
      'https://sns.eu-west-1.amazonaws.com:8443/x.pem',
      'http://127.0.0.1:9090/x.pem',
      'file:///etc/passwd',
      'not a url',
    ]) {
      expect(allowedSnsUrl(url, ['127.0.0.1:8080']), url).toBeUndefined();
    }
  });
});
