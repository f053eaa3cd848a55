// Invariant: the operational endpoints answer without credentials and tell the truth: /health while
// the process runs, /ready only while the database answers, /metrics in Prometheus text, /config
// without any secret, and /openapi.json plus /docs describing the product's routes.

import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { publicConfig } from '../../src/ops/ops.service.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { expectError } from './support.ts';

describe.each(DIALECTS)('operational endpoints on %s', (dialect) => {
  const t = useTestEnv({ dialect, env: { SMTP_URL: 'smtp://mailer:hunter2-relay-pass@127.0.0.1:2525' } });

  it('answers /health with 200', async () => {
    const res = await t.app.inject({ url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers /ready with 200 while the database answers', async () => {
    const res = await t.app.inject({ url: '/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: true });
  });

  it('exposes the request-duration histogram on /metrics', async () => {
    await t.app.inject({ url: '/health' });
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/plain/);
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.body).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/health"[^}]*\} \d+/);
  });

  it('serves /metrics to loopback clients only when no METRICS_TOKEN is set', async () => {
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
    expectError(await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.5' }), 403, 'FORBIDDEN');
  });

  it('labels unmatched URLs as one route so metrics cannot be flooded with paths', async () => {
    await t.app.inject({ url: '/no-such-thing/12345' });
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.body).not.toContain('12345');
  });

  it('serves /config without authentication and without secrets', async () => {
    const res = await t.app.inject({ url: '/config' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ signupsEnabled: true, smtp: true, mailTransport: 'smtp' });
    for (const secret of [
      'hunter2',
      '127.0.0.1:2525',
      t.deps.secrets.jwtSecret,
      t.deps.secrets.signingSecret,
      t.config.dataDir,
      t.config.databaseUrl ?? t.config.sqlitePath!,
    ]) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('publishes an OpenAPI 3 document listing the account and project routes', async () => {
    const res = await t.app.inject({ url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/auth/signup', '/auth/login', '/users/@me', '/users/@me/projects']),
    );
    expect(doc.paths['/users/@me/projects'].post).toBeDefined();
    expect(doc.components.securitySchemes).toHaveProperty('apiKey');
  });

  it('serves the API docs as HTML', async () => {
    let res = await t.app.inject({ url: '/docs' });
    for (let hops = 0; hops < 3 && res.statusCode >= 300 && res.statusCode < 400; hops++) {
      res = await t.app.inject({ url: new URL(String(res.headers.location), 'http://localhost/docs').pathname });
    }
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
    expect(res.body).toMatch(/<html/i);
  });
});

describe.each(DIALECTS)('readiness without a database on %s', (dialect) => {
  const t = useTestEnv({ dialect });

  it('answers /ready with 503 once the database is gone, while /health stays 200', async () => {
    expect((await t.app.inject({ url: '/ready' })).statusCode).toBe(200);
    await t.deps.db.destroy();
    const res = await t.app.inject({ url: '/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: false });
    expect((await t.app.inject({ url: '/health' })).statusCode).toBe(200);
  });
});

describe.each(DIALECTS)('metrics behind METRICS_TOKEN on %s', (dialect) => {
  const t = useTestEnv({ dialect, env: { METRICS_TOKEN: 'metrics-token-0123456789' } });

  it('serves /metrics to any address with the token and to none without it', async () => {
    const remote = (authorization?: string) =>
      t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.5', headers: authorization ? { authorization } : {} });
    expect((await remote('Bearer metrics-token-0123456789')).statusCode).toBe(200);
    expectError(await remote(), 401, 'UNAUTHORIZED');
    expectError(await remote('Bearer metrics-token-012345678'), 401, 'UNAUTHORIZED');
    expectError(await t.app.inject({ url: '/metrics' }), 401, 'UNAUTHORIZED');
  });
});

describe('/config names the mail transport in use', () => {
  it('says ses, smtp or capture as configured, not only whether SMTP_URL is set', () => {
    const base = { BASE_URL: 'http://localhost:3000' };
    expect(publicConfig(loadConfig({ ...base, MAIL_TRANSPORT: 'ses', SES_REGION: 'eu-west-1' })).mailTransport).toBe(
      'ses',
    );
    expect(publicConfig(loadConfig({ ...base, SMTP_URL: 'smtp://127.0.0.1:2525' })).mailTransport).toBe('smtp');
    expect(publicConfig(loadConfig(base)).mailTransport).toBe('capture');
  });
});
