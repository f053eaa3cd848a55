// Invariant: SNS signing certificates are fetched over https from SNS hosts (or listed hosts) only.
import { describe, expect, it } from 'vitest';
import { allowedSnsUrl } from './sns.ts';

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
