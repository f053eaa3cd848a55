// Invariant: only http(s) URLs without credentials reach the guard, headers that could split a
// request never leave, and a redirect changes method, body and credentials the way Fetch does.
import { describe, expect, it } from 'vitest';
import { OutboundError, OutboundRefused } from './errors.ts';
import { firstHop, type Hop, parseTarget, redirectHop } from './target.ts';

function kindOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof OutboundRefused) return 'refused';
    if (err instanceof OutboundError) return err.kind;
    throw err;
  }
  return 'ok';
}

describe('parseTarget', () => {
  it('lets the URL parser turn odd IPv4 forms into the dotted quad the guard checks', () => {
    for (const raw of [
      'http://2130706433/',
      'http://0x7f.1/',
      'http://127.1/',
      'http://0177.0.0.1/',
      'http://１２７.0.0.1/',
    ]) {
      expect(parseTarget(raw).host, raw).toBe('127.0.0.1');
    }
    expect(parseTarget('http://[::ffff:127.0.0.1]:8080/x').host).toBe('::ffff:7f00:1');
  });

  it('fills in the default port of the scheme', () => {
    expect(parseTarget('http://a.test/').port).toBe(80);
    expect(parseTarget('https://a.test/').port).toBe(443);
    expect(parseTarget('https://a.test:8443/').port).toBe(8443);
  });

  it('refuses other schemes and credentials, and calls unparseable URLs invalid', () => {
    for (const raw of ['file:///etc/passwd', 'ftp://a.test/', 'gopher://a.test/', 'ws://a.test/', 'data:,x']) {
      expect(
        kindOf(() => parseTarget(raw)),
        raw,
      ).toBe('refused');
    }
    expect(kindOf(() => parseTarget('http://a.test@127.0.0.1/'))).toBe('refused');
    expect(kindOf(() => parseTarget('http://user:pass@a.test/'))).toBe('refused');
    for (const raw of ['not a url', 'http://', 'http://256.0.0.1/', 'http://[::1/', 'http://a.test:0/']) {
      expect(
        kindOf(() => parseTarget(raw)),
        raw,
      ).toBe('invalid');
    }
  });
});

describe('firstHop', () => {
  const url = new URL('http://a.test/');

  it('lower-cases header names, adds the user agent and leaves framing to us', () => {
    const hop = firstHop(
      url,
      'post',
      { 'X-Sig': 'abc', 'Content-Length': '999', 'Transfer-Encoding': 'chunked' },
      'hi',
    );
    expect(hop.method).toBe('POST');
    expect(hop.headers).toEqual({ 'x-sig': 'abc', 'user-agent': 'Mailwright-Webhook/1' });
    expect(hop.body).toEqual(Buffer.from('hi'));
    expect(firstHop(url, 'GET', { 'User-Agent': 'mine' }).headers['user-agent']).toBe('mine');
  });

  it('refuses CR, LF and NUL in header values, bad names and odd methods before anything connects', () => {
    for (const value of ['a\r\nX-Injected: 1', 'a\nb', 'a\rb', 'a\0b']) {
      expect(
        kindOf(() => firstHop(url, 'GET', { 'x-a': value })),
        JSON.stringify(value),
      ).toBe('invalid');
    }
    for (const name of ['x a', 'x\r\ny', 'x:y', ''])
      expect(kindOf(() => firstHop(url, 'GET', { [name]: 'v' }))).toBe('invalid');
    for (const method of ['GET /x HTTP/1.1\r\n', 'CONNECT', 'trace', ''])
      expect(kindOf(() => firstHop(url, method))).toBe('invalid');
  });
});

describe('redirectHop', () => {
  const post: Hop = {
    url: new URL('https://a.test/hook'),
    method: 'POST',
    headers: { authorization: 'Bearer x', cookie: 'c=1', 'content-type': 'application/json', 'x-sig': 's' },
    body: Buffer.from('{}'),
  };

  it('keeps method, body and headers on 307 and 308', () => {
    for (const status of [307, 308]) {
      const next = redirectHop(post, status, '/moved');
      expect(next).toEqual({ ...post, url: new URL('https://a.test/moved') });
    }
  });

  it('turns 303, and 301/302 after a POST, into a GET without body or body headers', () => {
    for (const status of [301, 302, 303]) {
      const next = redirectHop(post, status, 'https://a.test/other');
      expect(next.method).toBe('GET');
      expect(next.body).toBeUndefined();
      expect(next.headers).toEqual({ authorization: 'Bearer x', cookie: 'c=1', 'x-sig': 's' });
    }
    const get: Hop = { ...post, method: 'GET', body: undefined };
    expect(redirectHop(get, 301, '/x').method).toBe('GET');
    expect(redirectHop({ ...post, method: 'PUT' }, 302, '/x').method).toBe('GET');
    expect(redirectHop({ ...post, method: 'HEAD', body: undefined }, 303, '/x').method).toBe('HEAD');
  });

  it('drops credentials when the origin changes (host, port or scheme), not otherwise', () => {
    for (const location of ['https://b.test/hook', 'https://a.test:8443/hook', 'http://a.test/hook', '//b.test/']) {
      const next = redirectHop(post, 307, location);
      expect(next.headers, location).toEqual({ 'content-type': 'application/json', 'x-sig': 's' });
    }
    expect(redirectHop(post, 307, 'https://A.TEST:443/x').headers.authorization).toBe('Bearer x');
  });

  it('resolves Location against the current URL and calls an unresolvable one invalid', () => {
    expect(redirectHop(post, 302, '../up?q=1').url.href).toBe('https://a.test/up?q=1');
    expect(redirectHop(post, 302, 'file:///etc/passwd').url.protocol).toBe('file:');
    expect(kindOf(() => redirectHop(post, 302, 'http://[::1'))).toBe('invalid');
  });
});
