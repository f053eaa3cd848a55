// Invariant: every response, success or error of any origin (route, router, parser, /docs page),
// carries nosniff, DENY framing, no-referrer and a CSP that forbids framing; HSTS is sent exactly
// when the public address is https. Errors Node's HTTP parser raises leave as the envelope too.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';

const EXPECTED = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
};

describe.each(DIALECTS)('security headers on %s', (dialect) => {
  const t = useTestEnv({ dialect });

  it('sets them on successes, route errors, router errors, parser errors and the docs page', async () => {
    const p = await t.make.project();
    const responses = await Promise.all([
      t.app.inject({ url: '/health' }),
      t.app.inject({ url: '/no/such/route' }),
      t.app.inject({ url: '/contacts/%zz', headers: { authorization: p.auth } }),
      t.app.inject({ url: `/contacts/${'x'.repeat(600)}`, headers: { authorization: p.auth } }),
      t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      }),
      t.app.inject({ url: '/docs/' }),
    ]);
    for (const res of responses) {
      expect(res.headers, `${res.statusCode} ${res.body.slice(0, 80)}`).toMatchObject(EXPECTED);
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-request-id']).toEqual(expect.any(String));
    }
    const docs = responses.at(-1)!;
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger-ui-bundle.js');
  });

  it('answers a request Node cannot parse as HTTP with the envelope', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write('GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'),
      );
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk;
      });
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).toContain('x-content-type-options: nosniff');
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
    expect(body).toMatchObject({ success: false, error: { code: 'BAD_REQUEST', statusCode: 400 } });
    expect(body.error.requestId).toEqual(expect.any(String));
  });
});

describe.each(DIALECTS)('security headers behind https on %s', (dialect) => {
  const t = useTestEnv({ dialect, env: { BASE_URL: 'https://mail.example.test' } });

  it('adds HSTS when the public address is https', async () => {
    const res = await t.app.inject({ url: '/health' });
    expect(res.headers).toMatchObject(EXPECTED);
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
  });
});
