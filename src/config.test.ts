// Invariant: the configuration is read and checked once; an empty environment gives working defaults,
// and a misconfigured one fails with a single ConfigError that lists every problem at once.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const SECRET = 'x'.repeat(32);

/** The problems loadConfig reports for `env`, or [] when it accepts it. */
function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return err.problems;
  }
}

describe('loadConfig', () => {
  it('defaults to port 3000, a localhost base URL and an SQLite file under DATA_DIR', () => {
    const c = loadConfig({ DATA_DIR: '/tmp/mw-data' });
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      baseUrl: 'http://localhost:3000',
      dataDir: '/tmp/mw-data',
      databaseKind: 'sqlite',
      sqlitePath: '/tmp/mw-data/mailwright.db',
      databaseUrl: undefined,
      dnsServers: [],
      webhookAllowedHosts: [],
      webhookTimeoutMs: 10_000,
      webhookMaxAttempts: 6,
      workflowLeaseMs: 30_000,
      disableSignups: false,
      trustProxy: false,
      logLevel: 'info',
      heapGrowingPercent: 50,
      rateLimitPerMinute: 1000,
      workerConcurrency: 4,
      secrets: { jwtSecret: undefined, signingSecret: undefined, encryptionKey: undefined },
    });
  });

  it('puts the data directory at ./data when DATA_DIR is unset', () => {
    const c = loadConfig({});
    expect(c.dataDir).toBe(path.resolve('data'));
    expect(c.sqlitePath).toBe(path.resolve('data', 'mailwright.db'));
  });

  it('derives the default base URL from PORT and drops trailing slashes from BASE_URL', () => {
    expect(loadConfig({ PORT: '8080' }).baseUrl).toBe('http://localhost:8080');
    expect(loadConfig({ BASE_URL: 'https://mail.example.com//' }).baseUrl).toBe('https://mail.example.com');
  });

  it('uses PostgreSQL for a postgres:// or postgresql:// DATABASE_URL', () => {
    for (const url of ['postgres://u:p@db:5432/mw', 'postgresql://db/mw']) {
      const c = loadConfig({ DATABASE_URL: url });
      expect(c).toMatchObject({ databaseKind: 'postgres', databaseUrl: url, sqlitePath: undefined });
    }
  });

  it('takes an explicit SQLite path from a sqlite: DATABASE_URL', () => {
    const c = loadConfig({ DATABASE_URL: 'sqlite:/var/lib/mw/db.sqlite' });
    expect(c).toMatchObject({ databaseKind: 'sqlite', sqlitePath: '/var/lib/mw/db.sqlite', databaseUrl: undefined });
  });

  it('parses comma-separated lists, ignoring blanks and spaces', () => {
    const c = loadConfig({
      DNS_SERVERS: ' 1.1.1.1, 127.0.0.1:5353 ,, [::1]:53, 2001:db8::1',
      WEBHOOK_ALLOWED_HOSTS: 'localhost, hooks.internal ',
    });
    expect(c.dnsServers).toEqual(['1.1.1.1', '127.0.0.1:5353', '[::1]:53', '2001:db8::1']);
    expect(c.webhookAllowedHosts).toEqual(['localhost', 'hooks.internal']);
  });

  it('reads booleans, numbers and secrets', () => {
    const c = loadConfig({
      DISABLE_SIGNUPS: 'yes',
      TRUST_PROXY: 'TRUE',
      WORKER_CONCURRENCY: '8',
      INBOUND_SMTP_PORT: '2525',
      JWT_SECRET: SECRET,
      LOG_LEVEL: 'debug',
    });
    expect(c).toMatchObject({
      disableSignups: true,
      trustProxy: true,
      workerConcurrency: 8,
      inboundSmtpPort: 2525,
      logLevel: 'debug',
      secrets: { jwtSecret: SECRET },
    });
  });

  it("leaves the heap's growth to node when NODE_OPTIONS sets it", () => {
    expect(loadConfig({ HEAP_GROWING_PERCENT: '30' }).heapGrowingPercent).toBe(30);
    const given = loadConfig({ HEAP_GROWING_PERCENT: '30', NODE_OPTIONS: '--heap-growing-percent=80' });
    expect(given.heapGrowingPercent).toBe(0);
    expect(problems({ HEAP_GROWING_PERCENT: '-1' })).toEqual([expect.stringContaining('HEAP_GROWING_PERCENT')]);
  });

  it('accepts PORT=0 (any free port)', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
  });

  it('reads single sign-on only with OIDC_ISSUER, keeping the issuer exactly as given', () => {
    expect(loadConfig({}).oidc).toBeUndefined();
    const oidc = {
      OIDC_ISSUER: 'https://id.example.com/application/o/mw/',
      OIDC_CLIENT_ID: 'c',
      OIDC_CLIENT_SECRET: 's',
    };
    expect(loadConfig({ ...oidc, OIDC_ALLOWED_DOMAINS: 'example.com, Example.org' }).oidc).toEqual({
      issuer: 'https://id.example.com/application/o/mw/',
      clientId: 'c',
      clientSecret: 's',
      clientAuthMethod: 'client_secret_basic',
      name: 'Single sign-on',
      allowedDomains: ['example.com', 'Example.org'],
      only: undefined,
    });
    expect(loadConfig({ ...oidc, OIDC_ONLY: 'true', OIDC_NAME: 'Acme' }).oidc).toMatchObject({
      only: true,
      name: 'Acme',
    });
    expect(problems({ OIDC_ISSUER: 'https://id.example.com' })).toEqual([
      'OIDC_ISSUER and OIDC_CLIENT_ID must be set together',
      'OIDC_ISSUER and OIDC_CLIENT_SECRET must be set together',
    ]);
    // OIDC_ONLY without a provider would leave only the first owner a way in: refused.
    expect(problems({ OIDC_ONLY: 'true', OIDC_CLIENT_ID: 'c' })).toEqual([
      'OIDC_CLIENT_ID, OIDC_ONLY set without OIDC_ISSUER',
    ]);
    expect(problems({ ...oidc, OIDC_ISSUER: 'id.example.com' })).toEqual([
      expect.stringMatching(/^OIDC_ISSUER must be the provider's issuer URL/),
    ]);
    expect(problems({ ...oidc, OIDC_CLIENT_AUTH_METHOD: 'private_key_jwt' })).toEqual([
      expect.stringMatching(/^OIDC_CLIENT_AUTH_METHOD must be one of client_secret_basic, client_secret_post/),
    ]);
  });

  it('reports every invalid value together in one ConfigError', () => {
    const env = {
      PORT: 'abc',
      BASE_URL: 'nope',
      DNS_SERVERS: '1.1.1.1,dns.example.com,10.0.0.1:99999',
      JWT_SECRET: 'short',
      LOG_LEVEL: 'loud',
      DATABASE_URL: 'mysql://db/mw',
      SMTP_URL: 'http://mail',
      REDIS_URL: 'localhost:6379',
      DISABLE_SIGNUPS: 'maybe',
      WORKER_CONCURRENCY: '0',
    };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    const found = problems(env);
    const expected = [
      'PORT',
      'BASE_URL',
      'DNS_SERVERS entry "dns.example.com"',
      'DNS_SERVERS entry "10.0.0.1:99999"',
      'JWT_SECRET',
      'LOG_LEVEL',
      'DATABASE_URL',
      'SMTP_URL',
      'REDIS_URL',
      'DISABLE_SIGNUPS',
      'WORKER_CONCURRENCY',
    ];
    for (const name of expected)
      expect(
        found.some((p) => p.startsWith(name)),
        name,
      ).toBe(true);
    expect(found).toHaveLength(expected.length);
  });

  it('puts every problem in the error message', () => {
    try {
      loadConfig({ PORT: '70000', BASE_URL: 'ftp://x' });
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT must be an integer from 0 to 65535 \(got "70000"\)/);
      expect((err as Error).message).toMatch(/BASE_URL must be an http\(s\) URL \(got "ftp:\/\/x"\)/);
    }
  });

  it('refuses a port that is not an integer in range', () => {
    for (const p of ['-1', '65536', '3.5', '80a']) expect(problems({ PORT: p }), p).toHaveLength(1);
  });

  it('refuses each secret shorter than 32 characters', () => {
    expect(problems({ JWT_SECRET: SECRET, SIGNING_SECRET: 'x'.repeat(31), ENCRYPTION_KEY: 'k' })).toEqual([
      'SIGNING_SECRET must be at least 32 characters',
      'ENCRYPTION_KEY must be at least 32 characters',
    ]);
  });

  it('refuses SMTP submission that would take keys in clear, and half a certificate', () => {
    expect(problems({ SMTP_SUBMISSION_PORT: '587' })).toEqual([
      'SMTP_SUBMISSION_PORT needs SMTP_SUBMISSION_TLS_CERT and _KEY, or SMTP_SUBMISSION_ALLOW_INSECURE=true',
    ]);
    expect(problems({ SMTP_SUBMISSION_PORT: '587', SMTP_SUBMISSION_TLS_CERT: '/c.pem' })).toContain(
      'SMTP_SUBMISSION_TLS_CERT and SMTP_SUBMISSION_TLS_KEY go together',
    );
    expect(problems({ SMTP_SUBMISSION_PORT: '587', SMTP_SUBMISSION_ALLOW_INSECURE: 'true' })).toEqual([]);
    const config = loadConfig({
      SMTP_SUBMISSION_PORT: '587',
      SMTP_SUBMISSION_TLS_CERT: '/c',
      SMTP_SUBMISSION_TLS_KEY: '/k',
      BASE_URL: 'https://mail.example.com',
    });
    expect(config.submission).toMatchObject({ port: 587, allowInsecure: false, publicHost: 'mail.example.com' });
  });
});
